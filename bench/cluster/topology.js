'use strict';
// The deployments the cluster benchmark compares, each started fresh and stopped after its run:
// instances of examples/cluster (child processes) with or without Redis, directly or behind the
// example's round-robin balancer.
const { randomBytes } = require('node:crypto');
const { startInstanceProcess } = require('../../examples/cluster/dist/src/instance-process');
const { startBalancer } = require('../../examples/cluster/dist/src/balancer');
const { withTimeout } = require('../lib/bounded');

/** name → { instances, redis, balancer } */
const TOPOLOGIES = {
  'memory-1': { instances: 1, redis: false, balancer: false, title: '1 instance, in memory (the default), direct' },
  'redis-1': { instances: 1, redis: true, balancer: false, title: '1 instance on Redis, direct' },
  'memory-1-lb': { instances: 1, redis: false, balancer: true, title: '1 instance, in memory, behind the balancer' },
  'redis-3-lb': { instances: 3, redis: true, balancer: true, title: '3 instances on Redis behind the balancer (round robin)' },
};

/** Starts `name`; resolves `{ url, stop }` (`url`: the endpoint clients use). */
async function startTopology(name, redisUrl) {
  const shape = TOPOLOGIES[name];
  if (shape === undefined) throw new Error(`unknown topology ${name}`);
  const env = { PORT: '0', MCP_STATE_KEY: randomBytes(32).toString('base64url') };
  if (shape.redis) env.REDIS_URL = redisUrl;
  const instances = [];
  let balancer;
  const stop = async () => {
    if (balancer !== undefined) await balancer.close();
    await Promise.all(
      instances.map(async (instance) => {
        instance.kill('SIGTERM');
        const timer = setTimeout(() => instance.kill('SIGKILL'), 10_000);
        await instance.exited;
        clearTimeout(timer);
      }),
    );
  };
  try {
    for (let i = 0; i < shape.instances; i++) {
      instances.push(await withTimeout(startInstanceProcess(`bench-${i}`, env), 30_000, `instance ${i} of ${name}`));
    }
    if (shape.balancer) balancer = await startBalancer({ backends: instances.map((instance) => new URL(instance.url).origin) });
  } catch (error) {
    await stop();
    throw error;
  }
  const url = shape.balancer ? `${balancer.url}/mcp` : instances[0].url;
  return { url, stop, pids: instances.map((instance) => instance.pid) };
}

module.exports = { TOPOLOGIES, startTopology };
