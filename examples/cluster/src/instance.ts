import 'reflect-metadata';
import { Armature } from '@armature/core';
import { listenHttp } from '@armature/http';
import { redisScaleOut } from '@armature/redis';
import { ClusterModule } from './cluster.module';

/**
 * One instance of the cluster: the notes server with its shared state on Redis, over Streamable
 * HTTP. Configured by the environment: REDIS_URL, MCP_STATE_KEY (the same on every instance),
 * PORT (0: any free port), INSTANCE_NAME. Without REDIS_URL it is the in-memory default (one
 * instance only; the benchmark compares the two). Prints `listening <url>` once it serves.
 */
async function main(): Promise<void> {
  const url = process.env.REDIS_URL;
  // Sessions, resumable events, broadcasts, tasks and rate limits, all on one Redis connection.
  const scale = url === undefined ? undefined : redisScaleOut({ url, requestStateKey: required('MCP_STATE_KEY'), onError: report });
  const app = await Armature.create(ClusterModule, {
    name: 'armature-notes-cluster',
    version: '0.1.0',
    ...scale?.appOptions,
  });
  const http = await listenHttp(app, { host: '127.0.0.1', port: Number(process.env.PORT ?? 0), ...scale?.httpOptions });
  await scale?.ready();
  process.stdout.write(`listening ${http.url}\n`);
  const stop = async (): Promise<void> => {
    await app.close();
    await http.close();
    await scale?.close();
  };
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
  process.once('SIGINT', () => void stop().then(() => process.exit(0)));
}

/** Redis connection trouble, once per message kind: node-redis reconnects by itself. */
let lastReport = '';
function report(error: Error): void {
  if (error.message === lastReport) return;
  lastReport = error.message;
  process.stderr.write(`redis: ${error.message}\n`);
}

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

main().catch((error: unknown) => {
  process.stderr.write(`instance failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
