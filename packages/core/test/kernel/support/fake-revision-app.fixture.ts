/**
 * The 2026 test app (`createKernelApp`) served over stdio with the test-only fake revision
 * ("2099-01-01") added, for the end-to-end test of an added revision over stdio. Its tool
 * `drop-fake-revision` removes the revision again, so the test sees what a removal changes.
 * Lifecycle notes go to stderr, never stdout.
 */
import 'reflect-metadata';
import { FAKE_REVISION } from '@armature/transport-fixtures';
import { addEnvelopeRevision } from '../../../src/kernel/revision-registry';
import { createKernelApp } from './kernel-app';

async function main(): Promise<void> {
  const removeFake = addEnvelopeRevision(FAKE_REVISION);
  const app = await createKernelApp({ drainMs: 200 });
  app.tools.register({
    name: 'drop-fake-revision',
    description: 'Removes the fake revision (test only).',
    handler: () => {
      removeFake();
      return 'removed';
    },
  });
  await app.listen(['--stdio']);
  process.stderr.write('fixture: listening\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`fixture failed: ${String(error)}\n`);
  process.exitCode = 1;
});
