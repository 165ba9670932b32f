'use strict';
// stdio with the server as a child process. CPU per request is the child's own CPU
// (process.cpuUsage inside it, read through the SIGUSR2 probe).
//  - sdk-client: the official SDK Client with StdioClientTransport spawning the server, 1 and 64 in flight;
//  - raw-pipelined: a writer keeping 256 requests in flight on the child's stdin.
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const { SERVER_NAMES, STDIO_MAIN } = require('../servers/registry');
const { spawnServer } = require('../lib/child');
const { ProbeClient } = require('../lib/probe-client');
const { StreamSession } = require('../lib/stream-session');
const { runClientCalls } = require('../lib/client-driver');
const { runRounds, withCpu } = require('../lib/rounds');
const { loadBounds } = require('../lib/budgets');
const { withTimeout } = require('../lib/bounded');

async function measuredOn(probe, fn) {
  const before = await probe.read();
  const run = await fn();
  const after = await probe.read();
  return withCpu(run, after.cpuUs - before.cpuUs);
}

async function clientContestant(server, inFlight, budget) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [STDIO_MAIN, server], stderr: 'pipe' });
  const probe = new ProbeClient(null, transport.stderr);
  const client = new Client({ name: 'armature-bench', version: '1.0.0' });
  await withTimeout(client.connect(transport), 20_000, `${server} stdio connect`);
  probe.pid = transport.pid;
  const bounds = loadBounds(budget, inFlight);
  return {
    server,
    warmup: () => runClientCalls({ client, concurrency: inFlight, ...budget.warmup }),
    measure: () => measuredOn(probe, () => runClientCalls({ client, concurrency: inFlight, ...bounds })),
    close: () => withTimeout(client.close(), 10_000, `${server} stdio close`),
  };
}

async function rawContestant(server, inFlight, budget) {
  const child = spawnServer(STDIO_MAIN, [server]);
  try {
    const session = new StreamSession((text) => child.child.stdin.write(text), child.child.stdout);
    await session.handshake();
    const bounds = loadBounds(budget, inFlight);
    return {
      server,
      warmup: () => session.run({ inFlight, ...budget.warmup }),
      measure: () => measuredOn(child.probe, () => session.run({ inFlight, ...bounds })),
      close: child.stop,
    };
  } catch (error) {
    await child.stop();
    throw new Error(`${error.message}\n${child.probe.stderrTail()}`);
  }
}

const VARIANTS = [
  { via: 'sdk-client', inFlight: 1, make: clientContestant },
  { via: 'sdk-client', inFlight: 64, make: clientContestant },
  { via: 'raw-pipelined', inFlight: 256, make: rawContestant },
];

async function runStdio({ budget, reps, log }) {
  const groups = [];
  for (const v of VARIANTS) {
    const id = `stdio/${v.via}/${v.inFlight}`;
    log(`${id} …`);
    const contestants = [];
    const setupErrors = [];
    for (const server of SERVER_NAMES) {
      try {
        contestants.push(await v.make(server, v.inFlight, budget));
      } catch (error) {
        setupErrors.push({ server, runs: [], summary: {}, error: `setup: ${error.message}` });
      }
    }
    try {
      const results = await runRounds(contestants, reps);
      groups.push({ id, kind: 'load', title: `stdio ${v.via}, ${v.inFlight} in flight`, cpuScope: 'server process', results: [...results, ...setupErrors] });
    } finally {
      for (const c of contestants) await c.close().catch(() => undefined);
    }
  }
  return groups;
}

module.exports = { runStdio };
