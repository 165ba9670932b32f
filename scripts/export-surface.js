#!/usr/bin/env node
'use strict';
// Prints each package's export counts, or with --write records the built surfaces as the
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
  for (const [name, surface] of Object.entries(surfaces)) {
    for (const [subpath, names] of Object.entries(surface))
      console.log(`${name}${subpath === '.' ? '' : subpath.slice(1)}\t${names.length}`);
  }
}
