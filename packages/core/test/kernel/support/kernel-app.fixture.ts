/**
 * The 2026 test app (`createKernelApp`) served over stdio, for the end-to-end test with a real
 * child process. Lifecycle notes go to stderr, never stdout.
 */
import 'reflect-metadata';
import { createKernelApp } from './kernel-app';

async function main(): Promise<void> {
  const app = await createKernelApp({ drainMs: 200 });
  await app.listen(['--stdio']);
  process.stderr.write('fixture: listening\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`fixture failed: ${String(error)}\n`);
  process.exitCode = 1;
});
