'use strict';
// Load through the official SDK `Client`: `concurrency` workers each awaiting
// `client.callTool(add)` in a loop until `maxRequests` were issued or `maxMs` passed.
const { performance } = require('node:perf_hooks');
const { isAddAnswer } = require('./wire');

async function runClientCalls({ client, concurrency, maxRequests, maxMs }) {
  const latencies = new Float64Array(maxRequests);
  let issued = 0;
  let answered = 0;
  const started = performance.now();
  const deadline = started + maxMs;
  const worker = async () => {
    while (issued < maxRequests && performance.now() < deadline) {
      issued++;
      const t0 = performance.now();
      const result = await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
      latencies[answered++] = performance.now() - t0;
      if (!isAddAnswer({ result })) throw new Error(`wrong answer: ${JSON.stringify(result).slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  // Raw samples only: percentiles are computed after the CPU reading (see rounds.withCpu).
  return { requests: answered, seconds: (performance.now() - started) / 1000, latencies: latencies.subarray(0, answered) };
}

module.exports = { runClientCalls };
