'use strict';
// Repeated, interleaved measurement of several servers: every server warms up, then each
// round measures every server once, rotating the order, so a change in machine load during
// the scenario lands on all servers alike. A server that fails is recorded, not fatal.
const { summarizeRuns, quantiles } = require('./stats');

/**
 * @param {{ server: string, warmup: () => Promise<void>, measure: () => Promise<object> }[]} contestants
 * @param {number} reps rounds
 * @returns {Promise<{ server: string, runs: object[], summary: object, error?: string }[]>}
 */
async function runRounds(contestants, reps) {
  const results = contestants.map((c) => ({ server: c.server, runs: [], summary: {}, error: undefined }));
  const live = (i) => results[i].error === undefined;
  const attempt = async (i, fn) => {
    try {
      return await fn();
    } catch (error) {
      results[i].error = error instanceof Error ? error.message : String(error);
      return undefined;
    }
  };
  for (let i = 0; i < contestants.length; i++) await attempt(i, () => contestants[i].warmup());
  for (let round = 0; round < reps; round++) {
    for (let k = 0; k < contestants.length; k++) {
      const i = (k + round) % contestants.length;
      if (!live(i)) continue;
      const run = await attempt(i, () => contestants[i].measure());
      if (run !== undefined) results[i].runs.push(run);
    }
  }
  for (const r of results) r.summary = summarizeRuns(r.runs);
  return results;
}

/**
 * A run's record: req/s, p50/p99 (from raw `latencies` when the driver kept them, computed
 * here, after the CPU reading, so sorting samples is not charged to the server) and CPU µs
 * per request.
 */
function withCpu(run, cpuUs) {
  const { latencies, ...rest } = run;
  const record = { ...rest, rps: run.requests / run.seconds };
  if (latencies !== undefined) [record.p50Ms, record.p99Ms] = quantiles(latencies, [0.5, 0.99]);
  return { ...record, cpuUs, cpuPerRequestUs: cpuUs / run.requests };
}

module.exports = { runRounds, withCpu };
