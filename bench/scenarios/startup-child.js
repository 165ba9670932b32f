'use strict';
// Child process of the start-up scenario: `node --expose-gc startup-child.js <server> <toolSet> <warmCalls> [idlePauseMs]`.
// Inside a fresh process: loads the framework (reported apart, outside the clock); then, on the
// clock, loads the server's own modules (handler classes, tool registrations), constructs the
// server, initializes and asks the first tools/list; then `warmCalls` more tools/list calls
// (warm), first calls of tools never called before against warm calls of the same tools, and
// the heap after a full GC; then, after an idle pause (1 s; quick runs 200 ms), first calls of other tools and the
// heap again (what a server did in idle time is in both). All over the server's own stdio transport on in-memory streams, raw
// wire bytes in and out; each clock stops when an answer's last byte is in, before the client parses it. Prints one JSON line
// with the timings.
const { performance } = require('node:perf_hooks');
const { PassThrough } = require('node:stream');
const { serverNamed } = require('../servers/registry');
const { StreamSession } = require('../lib/stream-session');
const { median, quantile } = require('../lib/stats');
const { parseToolSet, toolName, sampleArgs, lookupResult } = require('../generate/tool-set');

const CALLED_TOOLS = 20;
const WARM_CALL_ROUNDS = 5;
/** The pause before the second set of first calls (a client's think time, the server idle), unless given. */
const IDLE_PAUSE_MS = 1000;

/** `CALLED_TOOLS` tools spread over the set; `phase` (0–1) shifts them, so two phases pick different tools. */
function pickTools(extra, phase) {
  const count = Math.min(CALLED_TOOLS, extra);
  return Array.from({ length: count }, (_, k) => Math.floor(((k + phase) * extra) / count));
}

/**
 * First calls of `CALLED_TOOLS` tools spread over the set, right after the warm lists (no idle
 * time), then warm calls of the same tools; `afterIdle`: first calls of other tools after an
 * idle pause (a server may prepare tools in idle time), against the same warm median.
 */
async function measureCalls(session, toolSet, afterIdle) {
  const { extra, shared } = parseToolSet(toolSet);
  if (extra === 0) return {};
  const picks = pickTools(extra, afterIdle === undefined ? 0.5 : 0.25);
  const call = async (i) => {
    const args = sampleArgs(i, shared);
    const { ms, text } = await session.callTool(toolName(i), args);
    if (text !== lookupResult(i, args)) throw new Error(`${toolName(i)} answered ${JSON.stringify(text)}`);
    return ms;
  };
  const first = [];
  if (afterIdle !== undefined) {
    for (const i of picks) first.push(await call(i));
    return { firstAfterIdleMs: median(first), firstAfterIdleOverWarm: median(first) / afterIdle.warmCallMs };
  }
  for (const i of picks) first.push(await call(i));
  const warm = [];
  for (let round = 0; round < WARM_CALL_ROUNDS; round++) for (const i of picks) warm.push(await call(i));
  return {
    firstCallMs: median(first),
    warmCallMs: median(warm),
    firstOverWarm: median(first) / median(warm),
    firstCallMaxMs: Math.max(...first),
  };
}

async function main() {
  const [name, toolSet, warmArg, pauseArg] = process.argv.slice(2);
  const idlePauseMs = pauseArg === undefined ? IDLE_PAUSE_MS : Number(pauseArg);
  const server = serverNamed(name);
  const tf = performance.now();
  server.preload();
  const t0 = performance.now();
  server.loadApp(toolSet);
  const t1 = performance.now();
  const instance = await server.create(toolSet);
  const t2 = performance.now();
  const input = new PassThrough();
  const output = new PassThrough();
  const session = new StreamSession((text) => input.write(text), output);
  const close = await server.attachStreams(instance, input, output);
  await session.handshake();
  const t3 = performance.now();
  const first = await session.listTools();
  // The clock stops when the answer's last byte arrived (first.ms), not after the client parsed
  // it: a real client parses in its own process, and a parse here would be charged to the server
  // (and run faster for a server whose own modules already taught V8 the tools' object shapes).
  const t4 = t3 + first.ms;
  const warm = [];
  const deadline = performance.now() + 10_000;
  for (let i = 0; i < Number(warmArg) && performance.now() < deadline; i++) warm.push((await session.listTools()).ms);
  const calls = await measureCalls(session, toolSet);
  global.gc?.();
  const heapAfterGcMb = global.gc ? process.memoryUsage().heapUsed / 2 ** 20 : undefined;
  let idle = {};
  if (calls.warmCallMs !== undefined) {
    await new Promise((resolve) => setTimeout(resolve, idlePauseMs));
    idle = await measureCalls(session, toolSet, calls);
    global.gc?.();
    idle.heapAfterIdleGcMb = global.gc ? process.memoryUsage().heapUsed / 2 ** 20 : undefined;
  }
  const report = {
    frameworkLoadMs: t0 - tf,
    loadMs: t1 - t0,
    constructMs: t2 - t1,
    initializeMs: t3 - t2,
    firstListMs: t4 - t3,
    startupMs: t4 - t0,
    sinceProcessStartMs: t4,
    warmListMs: median(warm),
    warmListP99Ms: quantile(warm, 0.99),
    ...calls,
    ...idle,
    tools: first.tools,
    listBytes: first.bytes,
    morePages: first.nextCursor,
    heapAfterGcMb,
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
