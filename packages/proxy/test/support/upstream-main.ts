// The test upstream as a process of its own (so a test can kill it mid-call): serves on
// 127.0.0.1:<argv[2]> (0: any port) and prints its URL on stdout.
import 'reflect-metadata';
import { verifyTestToken } from './tokens';
import { startUpstream } from './upstream-app';

startUpstream({ port: Number(process.argv[2] ?? 0), verifyToken: verifyTestToken })
  .then((upstream) => process.stdout.write(`${upstream.url}\n`))
  .catch((error: unknown) => {
    process.stderr.write(`upstream failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
