#!/usr/bin/env node
'use strict';
// Fails on an import cycle between folders (or files) of packages/{core,http,di}/src that is not
// in scripts/import-graph-baseline.json, on a file circle baselined without the reason it stays,
// and on a baseline entry that is no longer on a cycle, so the baseline only shrinks. --write
// records the current cycles as the baseline (a new circle gets a placeholder the check refuses).
const fs = require('node:fs');
const { BASELINE, baselineOf, cycleEdges, compareWithBaseline } = require('./lib/import-graph');

const current = cycleEdges();
if (process.argv.includes('--write')) {
  const previous = fs.existsSync(BASELINE) ? JSON.parse(fs.readFileSync(BASELINE, 'utf8')) : {};
  fs.writeFileSync(BASELINE, `${JSON.stringify(baselineOf(current, previous), null, 2)}\n`);
  console.log(`wrote ${BASELINE}`);
  process.exit(0);
}
const problems = compareWithBaseline(current, JSON.parse(fs.readFileSync(BASELINE, 'utf8')));
for (const [name, levels] of Object.entries(current)) {
  console.log(
    `packages/${name}: ${levels.folders.length} folder edges and ${levels.files.length} file edges on ${levels.circles.length} file circles (all in the baseline unless listed below)`,
  );
}
for (const problem of problems) console.error(problem);
process.exit(problems.length === 0 ? 0 : 1);
