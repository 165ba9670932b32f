'use strict';
// Child process of the start-up scenario: `node startup-child.js <server> <extraTools> <warmCalls>`.
// Times, inside a fresh process: loading the server's modules; constructing the server;
// initialize; the first tools/list; then `warmCalls` more tools/list calls (warm). All over
// the server's own stdio transport on in-memory streams, raw wire bytes in and out.
// Prints one JSON line with the timings and the process's peak RSS.
const { performance } = require('node:perf_hooks');
const { PassThrough } = require('node:stream');
const { serverNamed } = require('../servers/registry');
const { StreamSession } = require('../lib/stream-session');
const { median, quantile } = require('../lib/stats');

async function main() {
  const [name, extraArg, warmArg] = process.argv.slice(2);
  const extraTools = Number(extraArg);
  const server = serverNamed(name);
  const t0 = performance.now();
  server.preload(extraTools);
  const t1 = performance.now();
  const instance = await server.create(extraTools);
  const t2 = performance.now();
  const input = new PassThrough();
  const output = new PassThrough();
  const session = new StreamSession((text) => input.write(text), output);
  const close = await server.attachStreams(instance, input, output);
  await session.handshake();
  const t3 = performance.now();
  const first = await session.listTools();
  const t4 = performance.now();
  const warm = [];
  const deadline = performance.now() + 10_000;
  for (let i = 0; i < Number(warmArg) && performance.now() < deadline; i++) warm.push((await session.listTools()).ms);
  const report = {
    loadMs: t1 - t0,
    constructMs: t2 - t1,
    initializeMs: t3 - t2,
    firstListMs: t4 - t3,
    startupMs: t4 - t1,
    sinceProcessStartMs: t4,
    warmListMs: median(warm),
    warmListP99Ms: quantile(warm, 0.99),
    tools: first.tools,
    listBytes: first.bytes,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
  await close();
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
