'use strict';
// In-process tools/call: client and server share one process, so "CPU per request" is the
// whole process's CPU (client work included, identical for every server).
//  - sdk-client: the official SDK Client over the SDK's InMemoryTransport (object messages);
//  - raw-bytes: wire bytes written into the server's own stdio transport over in-memory streams.
const { PassThrough } = require('node:stream');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { InMemoryTransport } = require('@modelcontextprotocol/sdk/inMemory.js');
const { SERVER_NAMES, serveStreams, serveTransport } = require('../servers/registry');
const { StreamSession } = require('../lib/stream-session');
const { runClientCalls } = require('../lib/client-driver');
const { runRounds, withCpu } = require('../lib/rounds');
const { loadBounds } = require('../lib/budgets');
const { collectGarbage } = require('../lib/gc');

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

async function rawContestant(server, inFlight, budget) {
  const input = new PassThrough();
  const output = new PassThrough();
  const close = await serveStreams(server, input, output);
  const session = new StreamSession((text) => input.write(text), output);
  await session.handshake();
  const bounds = loadBounds(budget, inFlight);
  return {
    server,
    warmup: () => session.run({ inFlight, ...budget.warmup }),
    measure: () => measured(() => session.run({ inFlight, ...bounds })),
    close: async () => {
      await close();
      input.end();
    },
  };
}

async function clientContestant(server, inFlight, budget) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const close = await serveTransport(server, serverTransport);
  const client = new Client({ name: 'armature-bench', version: '1.0.0' });
  await client.connect(clientTransport);
  const bounds = loadBounds(budget, inFlight);
  return {
    server,
    warmup: () => runClientCalls({ client, concurrency: inFlight, ...budget.warmup }),
    measure: () => measured(() => runClientCalls({ client, concurrency: inFlight, ...bounds })),
    close: async () => {
      await client.close();
      await close();
    },
  };
}

const VARIANTS = [
  { via: 'sdk-client', inFlight: 1, make: clientContestant },
  { via: 'sdk-client', inFlight: 64, make: clientContestant },
  { via: 'raw-bytes', inFlight: 1, make: rawContestant },
  { via: 'raw-bytes', inFlight: 64, make: rawContestant },
];

async function runInProcess({ budget, reps, log }) {
  const groups = [];
  for (const v of VARIANTS) {
    const id = `in-process/${v.via}/${v.inFlight}`;
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
      groups.push({ id, kind: 'load', title: `in-process ${v.via}, ${v.inFlight} in flight`, cpuScope: 'process (client included)', results: [...results, ...setupErrors] });
    } finally {
      for (const c of contestants) await c.close().catch(() => undefined);
    }
  }
  return groups;
}

module.exports = { runInProcess };
