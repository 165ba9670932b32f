'use strict';
// stdio with the server as a child process. CPU per request is the child's own CPU
// (process.cpuUsage inside it, read through the SIGUSR2 probe).
//  - sdk-client: the official SDK Client with StdioClientTransport spawning the server, 1 and 64 in flight;
//  - raw-pipelined: a writer keeping 256 requests in flight on the child's stdin.
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const { STDIO_MAIN } = require('../servers/registry');
const { spawnServer } = require('../lib/child');
const { ProbeClient } = require('../lib/probe-client');
const { StreamSession } = require('../lib/stream-session');
const { runClientCalls } = require('../lib/client-driver');
const { withCpu } = require('../lib/rounds');
const { loadBounds } = require('../lib/budgets');
const { withTimeout } = require('../lib/bounded');
const { runLoadScenario } = require('../lib/load-scenario');

async function measuredOn(probe, fn) {
  const before = await probe.read();
  const run = await fn();
  const after = await probe.read();
  return withCpu(run, after.cpuUs - before.cpuUs);
}

async function startClient(server, budget) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [STDIO_MAIN, server], stderr: 'pipe' });
  const probe = new ProbeClient(null, transport.stderr);
  const client = new Client({ name: 'armature-bench', version: '1.0.0' });
  try {
    await withTimeout(client.connect(transport), 20_000, `${server} stdio connect`);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new Error(`${error.message}\n${probe.stderrTail()}`);
  }
  probe.pid = transport.pid;
  return {
    warmup: (inFlight) => runClientCalls({ client, concurrency: inFlight, ...budget.warmup }),
    measure: (inFlight) => measuredOn(probe, () => runClientCalls({ client, concurrency: inFlight, ...loadBounds(budget, inFlight) })),
    close: () => withTimeout(client.close(), 10_000, `${server} stdio close`),
  };
}

async function startRaw(server, budget) {
  const child = spawnServer(STDIO_MAIN, [server]);
  try {
    const session = new StreamSession((text) => child.child.stdin.write(text), child.child.stdout);
    await session.handshake();
    return {
      warmup: (inFlight) => session.run({ inFlight, ...budget.warmup }),
      measure: (inFlight) => measuredOn(child.probe, () => session.run({ inFlight, ...loadBounds(budget, inFlight) })),
      close: child.stop,
    };
  } catch (error) {
    await child.stop();
    throw new Error(`${error.message}\n${child.probe.stderrTail()}`);
  }
}

const SETUPS = [
  { via: 'sdk-client', levels: [1, 64], title: (n) => `stdio child, SDK client, ${n} in flight`, start: startClient },
  { via: 'raw-pipelined', levels: [256], title: (n) => `stdio child, raw pipelined writer, ${n} in flight`, start: startRaw },
];

function runStdio({ budget, reps, log }) {
  return runLoadScenario({ scenario: 'stdio', cpuScope: 'server process', setups: SETUPS, budget, reps, log });
}

module.exports = { runStdio };
