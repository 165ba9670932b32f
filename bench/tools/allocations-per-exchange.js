#!/usr/bin/env node
'use strict';
// Heap allocated per in-process `tools/call add` exchange (bytes and objects) and CPU per
// exchange, on the 2025 stateless POST and the 2026 POST through `createHttpHandler(app).node`
// fed by exchange-2026.js's stand-in request/response objects. Each given tree (a checkout
// whose packages/*/dist and node_modules are built; default: this one) runs in its own child,
// trees interleaved round by round, so a build before a change and one after it are compared
// in one run.
// Bytes: a child runs with a young generation large enough that no scavenge happens inside a
// batch (checked: a batch with a GC in it is retried) and reads the young generation's used size
// before and after the batch (what the JIT allocates meanwhile lives in the old spaces and is left
// out). Objects: the sampling heap profiler at a 1-byte interval counts allocations over a smaller
// batch (it also slows them; CPU is measured on separate batches without it). Figures vary by
// about ±1.5% from child to child (timer and immediate interleaving differs): compare medians.
// Usage: node bench/tools/allocations-per-exchange.js [--rounds 3] [--count 4000] [--tree DIR]... [--node-flag F]...
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const SEMI_SPACE_MB = 256;

function argValues(args, name) {
  const values = [];
  for (let i = 0; i < args.length; i++) if (args[i] === name) values.push(args[i + 1]);
  return values;
}

function median(xs) {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

function parent(args) {
  const trees = argValues(args, '--tree').map((t) => path.resolve(t));
  if (trees.length === 0) trees.push(path.join(__dirname, '..', '..'));
  const rounds = Number(argValues(args, '--rounds')[0] ?? '3');
  const count = argValues(args, '--count')[0] ?? '4000';
  // E.g. `--node-flag --no-opt`: without the optimizing compiler no allocation is elided, so
  // the counts are the code's own, the same in every child.
  const nodeFlags = argValues(args, '--node-flag');
  const results = trees.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < trees.length; k++) {
      const t = (k + round) % trees.length;
      const tool = path.join(trees[t], 'bench', 'tools', 'allocations-per-exchange.js');
      const child = spawnSync(
        process.execPath,
        [
          `--max-semi-space-size=${SEMI_SPACE_MB}`,
          `--min-semi-space-size=${SEMI_SPACE_MB}`,
          '--expose-gc',
          '--no-allocation-site-pretenuring',
          ...nodeFlags,
          tool,
          '--child',
          count,
        ],
        { encoding: 'utf8', cwd: trees[t] },
      );
      if (child.status !== 0) throw new Error(`${trees[t]}: ${child.stderr}`);
      results[t].push(JSON.parse(child.stdout.trim().split('\n').pop()));
    }
  }
  const rows = ['2025', '2026'];
  process.stdout.write('tree | path | bytes/exchange | objects/exchange | µs CPU/exchange (median; runs)\n');
  for (let t = 0; t < trees.length; t++) {
    for (const row of rows) {
      const runs = results[t].map((r) => r[row]);
      const col = (key, digits) =>
        `${median(runs.map((r) => r[key])).toFixed(digits)} (${runs.map((r) => r[key].toFixed(digits)).join(', ')})`;
      process.stdout.write(`${trees[t]} | ${row} | ${col('bytes', 0)} | ${col('objects', 1)} | ${col('us', 2)}\n`);
    }
  }
}

async function child(countArg) {
  require('reflect-metadata');
  const { EventEmitter } = require('node:events');
  const v8 = require('node:v8');
  const inspector = require('node:inspector');
  const { PerformanceObserver } = require('node:perf_hooks');
  const { createHttpHandler } = require('@armature/http');
  const { createArmatureApp } = require('../servers/armature-app');
  const { addRequest, addRequest2026, HTTP_HEADERS, HTTP_HEADERS_2026 } = require('../lib/wire');
  const { StandInResponse } = require('./exchange-2026');
  const count = Number(countArg);

  let gcs = 0;
  new PerformanceObserver((list) => (gcs += list.getEntries().length)).observe({ entryTypes: ['gc'] });

  /** A stand-in `IncomingMessage` carrying `bytes`. */
  function standIn(bytes, headers) {
    const req = new EventEmitter();
    req.method = 'POST';
    req.url = '/mcp';
    req.headers = headers;
    req.encoding = null;
    req.setEncoding = (e) => ((req.encoding = e), req);
    req.resume = () => req;
    return req;
  }

  function path2025(handler) {
    const body = Buffer.from(addRequest(1));
    const headers = { host: '127.0.0.1:3000', connection: 'keep-alive', 'content-length': String(body.length), ...HTTP_HEADERS };
    return { handler, body, headers };
  }

  function path2026(handler) {
    const body = Buffer.from(addRequest2026(1));
    const headers = { host: '127.0.0.1:3000', connection: 'keep-alive', 'content-length': String(body.length), ...HTTP_HEADERS_2026 };
    return { handler, body, headers };
  }

  /** `n` exchanges, 32 in flight, each on a later tick; resolves CPU µs per exchange. */
  function batch(p, n) {
    return new Promise((resolve, reject) => {
      let started = 0;
      let finished = 0;
      const before = process.cpuUsage();
      const next = () => {
        if (started >= n) return;
        started++;
        const req = standIn(p.body, p.headers);
        void p.handler.node(req, new StandInResponse(onDone));
        req.emit('data', req.encoding === null ? p.body : p.body.toString(req.encoding));
        req.emit('end');
      };
      function onDone(res) {
        if (res.statusCode !== 200) return reject(new Error(`answered ${res.statusCode}: ${res.body}`));
        if (++finished === n) {
          const cpu = process.cpuUsage(before);
          return resolve((cpu.user + cpu.system) / n);
        }
        setImmediate(next);
      }
      for (let i = 0; i < Math.min(32, n); i++) next();
    });
  }

  // GC entries reach the observer asynchronously: wait for them before counting.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  // The young generation only: compiled code and feedback the JIT allocates meanwhile go to the
  // old spaces and would blur the figure (no object is pretenured while no GC runs).
  const youngBytes = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_used_size;

  async function bytesPerExchange(p) {
    for (let attempt = 0; attempt < 5; attempt++) {
      global.gc();
      await settle();
      const seen = gcs;
      const before = youngBytes();
      await batch(p, count);
      const after = youngBytes();
      await settle();
      if (gcs === seen) return (after - before) / count;
    }
    throw new Error('a GC ran inside every batch: raise the young generation or lower --count');
  }

  const session = new inspector.Session();
  session.connect();
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));

  async function objectsPerExchange(p) {
    const n = Math.max(200, Math.floor(count / 10));
    global.gc();
    await post('HeapProfiler.startSampling', {
      samplingInterval: 1,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    await batch(p, n);
    const { profile } = await post('HeapProfiler.stopSampling');
    return profile.samples.length / n;
  }

  const out = {};
  const app2025 = createHttpHandler(await createArmatureApp(0), { stateless: true });
  const app2026 = createHttpHandler(await createArmatureApp(0));
  const paths = { 2025: path2025(app2025), 2026: path2026(app2026) };
  for (const [name, p] of Object.entries(paths)) await batch(p, 20_000); // warm-up: optimized code
  for (const [name, p] of Object.entries(paths)) {
    const bytes = await bytesPerExchange(p);
    const us = median([await batch(p, count * 5), await batch(p, count * 5), await batch(p, count * 5)]);
    const objects = await objectsPerExchange(p);
    out[name] = { bytes, objects, us };
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

const args = process.argv.slice(2);
const run = args[0] === '--child' ? child(args[1]) : Promise.resolve(parent(args));
run.catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
