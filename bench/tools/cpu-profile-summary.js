#!/usr/bin/env node
'use strict';
// Summarizes a `node --cpu-prof` profile: the functions with the most self time and the most
// inclusive (self + callees) time, with file:line, as shares of the sampled time.
// Usage: node bench/tools/cpu-profile-summary.js <file.cpuprofile> [top=25] [filter-substring]
const fs = require('node:fs');
const path = require('node:path');

function summarize(profile, top, filter) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfSamples = new Map();
  for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const key = (n) => {
    const f = n.callFrame;
    const file = f.url ? path.relative(process.cwd(), f.url.replace(/^file:\/\//, '')) : '(native)';
    return `${f.functionName || '(anonymous)'}  ${file}:${f.lineNumber + 1}`;
  };
  const self = new Map();
  const inclusive = new Map();
  for (const [id, count] of selfSamples) {
    const node = byId.get(id);
    self.set(key(node), (self.get(key(node)) ?? 0) + count);
    // Each frame on the stack gets the sample once, however often it recurs.
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(byId.get(cur));
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + count);
    }
  }
  const show = (title, map) => {
    const rows = [...map]
      .filter(([k]) => !filter || k.includes(filter))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top);
    return `${title}\n${rows.map(([k, c]) => `${((c / total) * 100).toFixed(1).padStart(6)}%  ${k}`).join('\n')}`;
  };
  const ms = (profile.endTime - profile.startTime) / 1000;
  return `${total} samples over ${ms.toFixed(0)} ms\n\n${show('self time', self)}\n\n${show('inclusive time', inclusive)}\n`;
}

const [file, topArg, filter] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: cpu-profile-summary.js <file.cpuprofile> [top] [filter]\n');
  process.exit(2);
}
process.stdout.write(summarize(JSON.parse(fs.readFileSync(file, 'utf8')), Number(topArg ?? 25), filter));
