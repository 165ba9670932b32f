#!/usr/bin/env node
'use strict';
// A/B of a start from a user-land startup snapshot (the framework evaluated in the blob) against
// the normal start (bundles + V8 code cache) and the floor: fresh processes, interleaved rounds,
// the serverless scenario's clock (spawn → first 2026-07-28 tools/call answered). Medians, ranges.
// Rows: the normal start, the framework in the snapshot (the app loaded and created at run time),
// the app created in the snapshot too (only listenHttp at run time), the floor.
// Usage: node bench/tools/snapshot-ab.js [tool set=20] [rounds=15]
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { coldStart } = require('../scenarios/serverless');
const { armatureProjectDir } = require('../servers/armature-app');

async function main() {
  const [toolSet = '20', roundsArg = '15'] = process.argv.slice(2);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-snapshot-ab-'));
  const blob = path.join(dir, 'framework.blob');
  const appBlob = path.join(dir, 'app.blob');
  const build = (args) =>
    execFileSync(process.execPath, [path.join(__dirname, 'snapshot-build.js'), ...args], { stdio: ['ignore', 'ignore', 'ignore'] });
  build([blob]);
  build([appBlob, '--app', armatureProjectDir(toolSet)]);
  const appMain = path.join(__dirname, '..', 'servers', 'snapshot-app-main.js');
  const starts = [
    { name: 'armature', server: 'armature', execArgv: [] },
    { name: 'armature, snapshot', server: 'armature', execArgv: ['--snapshot-blob', blob] },
    { name: 'armature, app snapshot', server: 'armature', execArgv: ['--snapshot-blob', appBlob], main: appMain },
    { name: 'floor', server: 'floor', execArgv: [] },
  ];
  for (const start of starts) await coldStart(start.server, toolSet, {}, start.execArgv, start.main); // untimed: caches warm
  const times = new Map(starts.map((s) => [s.name, []]));
  for (let round = 0; round < Number(roundsArg); round++) {
    for (const start of round % 2 ? [...starts].reverse() : starts) {
      times.get(start.name).push((await coldStart(start.server, toolSet, {}, start.execArgv, start.main)).coldStartMs);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const floor = median(times.get('floor'));
  process.stdout.write(
    `tool set ${toolSet}, ${roundsArg} rounds, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  for (const [name, xs] of times) {
    const m = median(xs);
    process.stdout.write(
      `  ${name.padEnd(20)} median ${m.toFixed(1)} ms  range ${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}  ${(m / floor).toFixed(2)}× floor\n`,
    );
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
