#!/usr/bin/env node
'use strict';
// The first `tools/call` of never-called tools against their warm calls, as the start-up
// scenario measures them (startup-child.js: 20 tools spread over the set, called once each right
// after the warm lists, then 5 warm rounds; stdio framing on in-memory streams), for several
// framework builds side by side: fresh child processes, rounds interleaved across the builds.
// Prints per build the medians and ranges over the runs, the floor's own ratio when `floor` is
// among the builds, and the load average.
//
// A build is `label=<tree>`: a folder holding `node_modules/@armature/{di,core}` (or a link to
// a node_modules that has them) and `apps/<tool set>/dist` (a built bench project, e.g. a copy
// of bench/.tmp/armature-tools-10000/dist, or a link to that folder), so the app resolves the
// framework from its own tree; `floor` is the hand-written floor (servers/floor).
//
//   node bench/tools/first-call.js [--set 10000] [--runs 5] [--warm-lists 200] [--prof <dir>] floor base=/tmp/a new=/tmp/b
//
// --prof: each Armature child writes a CPU profile of its first calls alone (20 µs sampling) into
// <dir>; bench/tools/cpu-profile-summary.js summarises one.
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const CALLED_TOOLS = 20;
const WARM_CALL_ROUNDS = 5;

async function child(tree, toolSet, warmLists, profDir) {
  const { performance } = require('node:perf_hooks');
  const { PassThrough } = require('node:stream');
  const { StreamSession } = require('../lib/stream-session');
  const { median } = require('../lib/stats');
  const { parseToolSet, toolName, sampleArgs, lookupResult } = require('../generate/tool-set');
  let attach;
  let instance;
  if (tree === 'floor') {
    const floor = require('../servers/registry').serverNamed('floor');
    floor.preload();
    floor.loadApp(toolSet);
    instance = await floor.create(toolSet);
    attach = (input, output) => floor.attachStreams(instance, input, output);
  } else {
    const from = (id) => require(require.resolve(id, { paths: [tree] }));
    from('reflect-metadata');
    from('@armature/di');
    const { StdioServerTransport } = from('@armature/core');
    const { createBenchApp } = require(path.join(tree, 'apps', toolSet, 'dist', 'src', 'bench.app.js'));
    instance = await createBenchApp();
    attach = async (input, output) => {
      await instance.connect(new StdioServerTransport({ stdin: input, stdout: output }));
      return () => instance.close();
    };
  }
  const input = new PassThrough();
  const output = new PassThrough();
  const session = new StreamSession((text) => input.write(text), output);
  const close = await attach(input, output);
  await session.handshake();
  for (let i = 0; i < warmLists; i++) await session.listTools();
  const { extra, shared } = parseToolSet(toolSet);
  const picks = Array.from({ length: CALLED_TOOLS }, (_, k) => Math.floor(((k + 0.5) * extra) / CALLED_TOOLS));
  const call = async (i) => {
    const args = sampleArgs(i, shared);
    const { ms, text } = await session.callTool(toolName(i), args);
    if (text !== lookupResult(i, args)) throw new Error(`${toolName(i)} answered ${JSON.stringify(text)}`);
    return ms;
  };
  let profiler;
  if (profDir !== undefined && tree !== 'floor') {
    const inspector = require('node:inspector');
    profiler = new inspector.Session();
    profiler.connect();
    const post = (method, params) =>
      new Promise((resolve, reject) => profiler.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 20 });
    await post('Profiler.start');
    profiler.stopTo = async (file) => {
      const { profile } = await post('Profiler.stop');
      require('node:fs').writeFileSync(file, JSON.stringify(profile));
    };
  }
  const first = [];
  for (const i of picks) first.push(await call(i));
  if (profiler) await profiler.stopTo(path.join(profDir, `first-${path.basename(tree)}-${process.pid}.cpuprofile`));
  const warm = [];
  for (let round = 0; round < WARM_CALL_ROUNDS; round++) for (const i of picks) warm.push(await call(i));
  global.gc?.();
  const heapAfterGcMb = process.memoryUsage().heapUsed / 2 ** 20;
  await close();
  const firstUs = median(first) * 1000;
  const warmUs = median(warm) * 1000;
  process.stdout.write(`${JSON.stringify({ firstUs, warmUs, ratio: firstUs / warmUs, heapAfterGcMb })}\n`);
  process.exit(0);
}

function range(values, digits) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted[Math.floor(sorted.length / 2)];
  return `${mid.toFixed(digits)} [${sorted[0].toFixed(digits)}–${sorted[sorted.length - 1].toFixed(digits)}]`;
}

function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    const [, tree, toolSet, warmLists, profDir] = args;
    child(tree, toolSet, Number(warmLists), profDir || undefined).catch((error) => {
      process.stderr.write(`${error.stack}\n`);
      process.exit(1);
    });
    return;
  }
  const options = { set: '10000', runs: 5, 'warm-lists': 200, prof: '' };
  const builds = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i].startsWith('--')) options[args[i].slice(2)] = args[++i];
    else if (args[i] === 'floor') builds.push({ label: 'floor', tree: 'floor' });
    else {
      const [label, tree] = args[i].split('=');
      builds.push({ label, tree: path.resolve(tree) });
    }
  }
  const results = new Map(builds.map((b) => [b.label, []]));
  const runChild = (build) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        ['--expose-gc', __filename, '--child', build.tree, options.set, String(options['warm-lists']), options.prof],
        { encoding: 'utf8', maxBuffer: 1 << 20, timeout: 300_000 },
      ).trim(),
    );
  // One untimed start each: the code caches written, the OS file cache warm.
  for (const build of builds) runChild({ ...build, tree: build.tree });
  for (let run = 0; run < Number(options.runs); run++) {
    for (const build of run % 2 === 0 ? builds : [...builds].reverse()) results.get(build.label).push(runChild(build));
  }
  process.stdout.write(
    `tool set ${options.set}, ${options.runs} runs per build; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  process.stdout.write('build       first µs              warm µs              first/warm          heap after GC MB\n');
  for (const [label, rows] of results) {
    const col = (key, digits) =>
      range(
        rows.map((r) => r[key]),
        digits,
      ).padEnd(21);
    process.stdout.write(`${label.padEnd(12)}${col('firstUs', 1)}${col('warmUs', 1)}${col('ratio', 2)}${col('heapAfterGcMb', 1)}\n`);
  }
  // Per round, each build against the first build that is not the floor (the load drifts between rounds, less within one).
  const reference = builds.find((b) => b.tree !== 'floor');
  for (const build of builds.filter((b) => b.tree !== 'floor' && b !== reference)) {
    const mine = results.get(build.label);
    const theirs = results.get(reference.label);
    const paired = (key) =>
      range(
        mine.map((r, i) => r[key] / theirs[i][key]),
        3,
      );
    process.stdout.write(`${build.label} ÷ ${reference.label} per round: first ${paired('firstUs')}, warm ${paired('warmUs')}\n`);
  }
}

main();
