#!/usr/bin/env node
'use strict';
// Self time of a `node --cpu-prof` profile grouped by where the code lives: each workspace
// package, each node_modules dependency, Node's internals, native code, idle and GC.
// Usage: node bench/tools/profile-by-package.js <file.cpuprofile>
const fs = require('node:fs');

function bucketOf(url, name) {
  if (name === '(idle)' || name === '(garbage collector)' || name === '(program)') return name;
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const dep = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (dep) return dep[1];
  const pkg = url.match(/\/(packages|examples)\/([^/]+)\//);
  if (pkg) return `${pkg[1]}/${pkg[2]}`;
  const bench = url.match(/\/bench\/([^/]+)/);
  return bench ? `bench/${bench[1]}` : url;
}

const profile = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const totals = new Map();
for (const id of profile.samples) {
  const f = byId.get(id).callFrame;
  const bucket = bucketOf(f.url, f.functionName);
  totals.set(bucket, (totals.get(bucket) ?? 0) + 1);
}
const all = profile.samples.length;
const busy = all - (totals.get('(idle)') ?? 0);
process.stdout.write(`${all} samples; shares of non-idle time\n`);
for (const [bucket, count] of [...totals].sort((a, b) => b[1] - a[1])) {
  if (bucket === '(idle)') continue;
  process.stdout.write(`${((count / busy) * 100).toFixed(1).padStart(6)}%  ${bucket}\n`);
}
