// A server instance in a process of its own, for the kill -9 test: started on REDIS_URL, it
// prints its endpoint URL as one line on stdout and serves until it is killed.
import 'reflect-metadata';
import { startScaleInstance } from './scale-app';

async function main(): Promise<void> {
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl === undefined) throw new Error('REDIS_URL is not set');
  // Task options from the environment (TASK_LEASE_MS, TASK_LEASE_RENEW_MS, TASK_MAX_ACTIVE), else the defaults.
  const number = (name: string): number | undefined => (process.env[name] === undefined ? undefined : Number(process.env[name]));
  const tasks = {
    ...(number('TASK_LEASE_MS') === undefined ? {} : { leaseMs: number('TASK_LEASE_MS') }),
    ...(number('TASK_LEASE_RENEW_MS') === undefined ? {} : { leaseRenewMs: number('TASK_LEASE_RENEW_MS') }),
    ...(number('TASK_MAX_ACTIVE') === undefined ? {} : { maxActivePerOwner: number('TASK_MAX_ACTIVE') }),
  };
  // APPEND_WAIT_MS: the endpoint's appendWaitMs (0 shows what an answer that does not wait for its events loses).
  const appendWaitMs = number('APPEND_WAIT_MS');
  const instance = await startScaleInstance(process.env.INSTANCE_NAME ?? 'child', redisUrl, {
    tasks,
    ...(appendWaitMs === undefined ? {} : { appendWaitMs }),
  });
  process.stdout.write(`${instance.http.url}\n`);
  // Ended by the parent: SIGKILL in the test, SIGTERM (graceful) when the test fails early.
  process.once('SIGTERM', () => void instance.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
