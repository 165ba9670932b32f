import { randomBytes } from 'node:crypto';
import { type Balancer, type BalancerOptions, startBalancer } from './balancer';
import { type InstanceProcess, startInstanceProcess } from './instance-process';
import { type RedisServer, startRedisServer } from '@armature/transport-fixtures/redis-server';

/** Options of `startCluster`. */
export interface ClusterOptions {
  /** How many instances (default 3). */
  readonly instances?: number;
  /** The balancer's port (default 0: a free one). */
  readonly port?: number;
  /** Use this Redis instead of starting a `redis-server` (it is then neither restarted nor stopped). */
  readonly redisUrl?: string;
  /** Passed to the balancer: called for each request as it goes to an instance (its base URL). */
  readonly onForward?: BalancerOptions['onForward'];
}

/** A running cluster: Redis, the instances, the balancer in front of them. */
export interface Cluster {
  /** The endpoint clients use: the balancer's `/mcp`. */
  readonly url: string;
  readonly redisUrl: string;
  readonly instances: readonly InstanceProcess[];
  readonly balancer: Balancer;
  /** Restarts the `redis-server` this cluster started, leaving it down for `downMs` (default 0). */
  restartRedis(downMs?: number): Promise<void>;
  /**
   * One step of a rolling restart: stops instance `index` with `signal` (`SIGTERM`: it drains;
   * `SIGKILL`: a crash), waits for it to exit, and starts it again on the same port, so the
   * balancer's next request to that backend reaches the new process. Resolves with the new one.
   */
  restartInstance(index: number, signal: 'SIGTERM' | 'SIGKILL'): Promise<InstanceProcess>;
  /** Stops the balancer, every instance still running (SIGTERM, SIGKILL after 10 s) and Redis. */
  stop(): Promise<void>;
}

/** Starts Redis (unless given), `instances` notes servers on it and a round-robin balancer. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const redis: RedisServer | undefined =
    options.redisUrl === undefined ? await startRedisServer({ prefix: 'armature-cluster-' }) : undefined;
  const redisUrl = options.redisUrl ?? redis!.url;
  // One key for all instances: a 2026 input-required round may be retried on any of them.
  const env = { REDIS_URL: redisUrl, MCP_STATE_KEY: process.env.MCP_STATE_KEY ?? randomBytes(32).toString('base64url'), PORT: '0' };
  const instances: InstanceProcess[] = [];
  let balancer: Balancer | undefined;
  const stop = async (): Promise<void> => {
    await balancer?.close();
    await Promise.all(instances.map((instance) => stopInstance(instance)));
    await redis?.stop();
  };
  try {
    const count = options.instances ?? 3;
    for (let i = 0; i < count; i++) instances.push(await startInstanceProcess(`instance-${String.fromCharCode(97 + i)}`, env));
    balancer = await startBalancer({
      backends: instances.map((instance) => new URL(instance.url).origin),
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(options.onForward === undefined ? {} : { onForward: options.onForward }),
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `${balancer.url}/mcp`,
    redisUrl,
    instances,
    balancer,
    async restartRedis(downMs = 0) {
      if (redis === undefined) throw new Error('this cluster did not start its Redis');
      await redis.restart(downMs);
    },
    async restartInstance(index, signal) {
      const old = instances[index];
      if (old === undefined) throw new Error(`no instance ${index}`);
      if (signal === 'SIGKILL') {
        old.kill('SIGKILL');
        await old.exited;
      } else await stopInstance(old);
      const port = new URL(old.url).port;
      const fresh = await startInstanceProcess(old.name, { ...env, PORT: port });
      instances[index] = fresh;
      return fresh;
    },
    stop,
  };
}

async function stopInstance(instance: InstanceProcess): Promise<void> {
  instance.kill('SIGTERM');
  const timer = setTimeout(() => instance.kill('SIGKILL'), 10_000);
  await instance.exited;
  clearTimeout(timer);
}

if (require.main === module) {
  startCluster({ port: Number(process.env.PORT ?? 3000) }).then(
    (cluster) => {
      process.stdout.write(`Redis at ${cluster.redisUrl}\n`);
      for (const instance of cluster.instances) process.stdout.write(`${instance.name} (pid ${instance.pid}) at ${instance.url}\n`);
      process.stdout.write(
        `\nThe notes server on ${cluster.instances.length} instances, round robin, no sticky sessions:\n  ${cluster.url}\nCtrl-C stops everything.\n`,
      );
      let stopping = false;
      const shutdown = (): void => {
        if (stopping) return;
        stopping = true;
        process.stdout.write('\nstopping the balancer, the instances and Redis…\n');
        void cluster.stop().then(() => process.exit(0));
      };
      process.on('SIGINT', shutdown);
      process.on('SIGTERM', shutdown);
    },
    (error: unknown) => {
      process.stderr.write(`the cluster failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
