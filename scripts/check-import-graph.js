#!/usr/bin/env node
'use strict';
// Fails on any file circle in packages/{core,http,di}/src, on an import cycle between folders
// that is not in scripts/import-graph-baseline.json, and on a baseline entry that is no longer on
// a cycle, so the baseline only shrinks. --write records the current folder cycles as the baseline.
const fs = require('node:fs');
const { BASELINE, baselineOf, cycleEdges, compareWithBaseline } = require('./lib/import-graph');

const current = cycleEdges();
if (process.argv.includes('--write')) {
  fs.writeFileSync(BASELINE, `${JSON.stringify(baselineOf(current), null, 2)}\n`);
  console.log(`wrote ${BASELINE}`);
  process.exit(0);
}
const problems = compareWithBaseline(current, JSON.parse(fs.readFileSync(BASELINE, 'utf8')));
for (const [name, levels] of Object.entries(current)) {
  console.log(
    `packages/${name}: ${levels.folders.length} folder edges and ${levels.files.length} file edges on ${levels.circles.length} file circles`,
  );
}
for (const problem of problems) console.error(problem);
process.exit(problems.length === 0 ? 0 : 1);
