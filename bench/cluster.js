'use strict';
// The scale-out benchmark (issue 14): not part of `npm run bench`, because it needs redis-server.
//   node bench/cluster.js [--reps 3] [--seconds 10] [--connections 32] [--only throughput,round-trips,notify]
//                         [--topologies memory-1,redis-1,memory-1-lb,redis-3-lb] [--out bench/results/cluster]
// Needs `npm run build` first (it runs examples/cluster's compiled instances and balancer).
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { startRedisProcess } = require('../examples/cluster/dist/src/redis-process');
const { TOPOLOGIES, startTopology } = require('./cluster/topology');
const { statefulRun } = require('./cluster/throughput');
const { roundTrips } = require('./cluster/round-trips');
const { notifyLatency } = require('./cluster/notify');
const { summarize } = require('./lib/stats');
const { renderMarkdown } = require('./cluster/report');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
}

const reps = Number(option('reps', '3'));
const seconds = Number(option('seconds', '10'));
const connections = Number(option('connections', '32'));
const only = new Set(option('only', 'throughput,round-trips,notify').split(','));
const out = option('out', join(__dirname, 'results', 'cluster'));
const order = option('topologies', 'memory-1,redis-1,memory-1-lb,redis-3-lb').split(',');

async function throughput(redisUrl) {
  const runs = Object.fromEntries(order.map((name) => [name, []]));
  const errors = {};
  for (let rep = 0; rep < reps; rep++) {
    // Interleaved and rotated: a change in machine load lands on every topology.
    for (let k = 0; k < order.length; k++) {
      const name = order[(k + rep) % order.length];
      if (errors[name] !== undefined) continue;
      const topology = await startTopology(name, redisUrl);
      try {
        const run = await statefulRun(topology.url, { connections, seconds, warmupSeconds: 2, pids: topology.pids });
        runs[name].push(run);
        console.log(
          `rep ${rep + 1}/${reps} ${name}: ${run.rps.toFixed(0)} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.cpuUsPerRequest.toFixed(1)} µs CPU/request (instances)`,
        );
      } catch (error) {
        errors[name] = error.message;
        console.log(`rep ${rep + 1}/${reps} ${name}: could not run: ${error.message}`);
      } finally {
        await topology.stop();
      }
    }
  }
  const rows = {};
  for (const name of order) {
    rows[name] = {
      title: TOPOLOGIES[name].title,
      rps: summarize(runs[name].map((r) => r.rps)),
      cpuUsPerRequest: summarize(runs[name].map((r) => r.cpuUsPerRequest)),
      p50Ms: summarize(runs[name].map((r) => r.p50Ms)),
      p99Ms: summarize(runs[name].map((r) => r.p99Ms)),
      error: errors[name],
    };
  }
  return rows;
}

async function main() {
  const startedAt = new Date().toISOString();
  const redis = await startRedisProcess();
  const results = { startedAt, node: process.version, reps, seconds, connections, loadAverage: require('node:os').loadavg() };
  try {
    if (only.has('throughput')) results.throughput = await throughput(redis.url);
    if (only.has('round-trips')) {
      const topology = await startTopology('redis-3-lb', redis.url);
      try {
        results.roundTrips = await roundTrips(topology.url, redis.url, { count: 200, stateful: true }).catch(async (error) => {
          console.log(`2025 round trips could not be measured: ${error.message}`);
          return roundTrips(topology.url, redis.url, { count: 200, stateful: false });
        });
      } finally {
        await topology.stop();
      }
    }
    if (only.has('notify')) results.notify = await notifyLatency(redis.url);
  } finally {
    await redis.stop();
  }
  results.loadAverageAfter = require('node:os').loadavg();
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'results.json'), JSON.stringify(results, null, 2) + '\n');
  const markdown = renderMarkdown(results);
  writeFileSync(join(out, 'results.md'), markdown);
  console.log('\n' + markdown);
}

const watchdog = setTimeout(() => {
  console.error('bench/cluster.js: watchdog: the run took longer than 30 minutes');
  process.exit(2);
}, 30 * 60_000);
watchdog.unref();

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
