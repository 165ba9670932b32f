'use strict';
// In-process tools/call: client and server share one process, so "CPU per request" is the
// whole process's CPU (client work included, identical for every server).
//  - sdk-client: the official SDK Client over the SDK's InMemoryTransport (object messages);
//  - raw-bytes: wire bytes written into the server's own stdio transport over in-memory streams.
const { PassThrough } = require('node:stream');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { InMemoryTransport } = require('@modelcontextprotocol/sdk/inMemory.js');
const { serveStreams, serveTransport } = require('../servers/registry');
const { StreamSession } = require('../lib/stream-session');
const { runClientCalls } = require('../lib/client-driver');
const { withCpu } = require('../lib/rounds');
const { loadBounds } = require('../lib/budgets');
const { collectGarbage } = require('../lib/gc');
const { runLoadScenario } = require('../lib/load-scenario');

function cpuNowUs() {
  const c = process.cpuUsage();
  return c.user + c.system;
}

async function measured(fn) {
  collectGarbage();
  const before = cpuNowUs();
  const run = await fn();
  return withCpu(run, cpuNowUs() - before);
}

async function startRaw(server, budget) {
  const input = new PassThrough();
  const output = new PassThrough();
  const close = await serveStreams(server, input, output);
  const session = new StreamSession((text) => input.write(text), output);
  await session.handshake();
  return {
    warmup: (inFlight) => session.run({ inFlight, ...budget.warmup }),
    measure: (inFlight) => measured(() => session.run({ inFlight, ...loadBounds(budget, inFlight) })),
    close: async () => {
      await close();
      input.end();
    },
  };
}

async function startClient(server, budget) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const close = await serveTransport(server, serverTransport);
  const client = new Client({ name: 'armature-bench', version: '1.0.0' });
  await client.connect(clientTransport);
  return {
    warmup: (inFlight) => runClientCalls({ client, concurrency: inFlight, ...budget.warmup }),
    measure: (inFlight) => measured(() => runClientCalls({ client, concurrency: inFlight, ...loadBounds(budget, inFlight) })),
    close: async () => {
      await client.close();
      await close();
    },
  };
}

const SETUPS = [
  { via: 'sdk-client', levels: [1, 64], title: (n) => `in-process, SDK client, ${n} in flight`, start: startClient },
  { via: 'raw-bytes', levels: [1, 64], title: (n) => `in-process, raw wire bytes, ${n} in flight`, start: startRaw },
];

function runInProcess({ budget, reps, log }) {
  return runLoadScenario({
    scenario: 'in-process',
    cpuScope: 'whole process (the identical client included)',
    setups: SETUPS,
    budget,
    reps,
    log,
  });
}

module.exports = { runInProcess };
