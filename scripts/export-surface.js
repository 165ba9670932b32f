#!/usr/bin/env node
'use strict';
// Prints each package's export counts and fails on any difference from the snapshots, or with --write records the built surfaces as the
// committed snapshots (test/repo/export-snapshots/*.json) that test/repo/export-surface.spec.ts
// compares against. Run `npm run build` first.
const fs = require('node:fs');
const { SNAPSHOT_DIR, readSurfaces, snapshotFile, renderSnapshot } = require('./lib/export-surface');

const surfaces = readSurfaces();
if (process.argv.includes('--write')) {
  fs.mkdirSync(SNAPSHOT_DIR, { recursive: true });
  for (const [name, surface] of Object.entries(surfaces)) fs.writeFileSync(snapshotFile(name), renderSnapshot(surface));
  console.log(`wrote ${Object.keys(surfaces).length} snapshots to ${SNAPSHOT_DIR}`);
} else {
  // Without --write this is a check: counts per subpath, then what differs from the snapshots (exit 1).
  const differences = [];
  for (const [name, surface] of Object.entries(surfaces)) {
    for (const [subpath, names] of Object.entries(surface))
      console.log(`${name}${subpath === '.' ? '' : subpath.slice(1)}\t${names.length}`);
    const file = snapshotFile(name);
    const recorded = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    for (const subpath of new Set([...Object.keys(recorded), ...Object.keys(surface)])) {
      const before = new Set(recorded[subpath] ?? []);
      const after = new Set(surface[subpath] ?? []);
      const added = [...after].filter((n) => !before.has(n));
      const removed = [...before].filter((n) => !after.has(n));
      const where = `${name}${subpath === '.' ? '' : subpath.slice(1)}`;
      if (added.length > 0) differences.push(`${where}: added ${added.join(', ')}`);
      if (removed.length > 0) differences.push(`${where}: removed ${removed.join(', ')}`);
    }
  }
  if (differences.length > 0) {
    console.error(`\nthe public surface differs from test/repo/export-snapshots (if deliberate: node scripts/export-surface.js --write):`);
    for (const line of differences) console.error(`  ${line}`);
    process.exitCode = 1;
  }
}
