#!/usr/bin/env node
'use strict';
// Re-renders results.md and the charts from an existing results.json (after a change to the
// report code, without measuring again). Usage: node bench/tools/render-results.js [dir=bench/results]
const fs = require('node:fs');
const path = require('node:path');
const { evaluateTargets } = require('../report/targets');
const { writeResults } = require('../report/write-results');

const dir = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'results'));
const report = JSON.parse(fs.readFileSync(path.join(dir, 'results.json'), 'utf8'));
report.targets = evaluateTargets(report.groups);
writeResults(dir, report);
process.stdout.write(`rendered ${path.relative(process.cwd(), dir) || '.'}\n`);
