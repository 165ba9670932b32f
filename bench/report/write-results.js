'use strict';
// Writes results.json, results.md and the two charts into the results folder.
const fs = require('node:fs');
const path = require('node:path');
const { renderMarkdown } = require('./markdown');
const { barChart } = require('./svg-chart');
const { SERVER_NAMES } = require('../servers/registry');

function chartOf(groups, metric, title, unit) {
  const load = groups.filter((g) => g.kind === 'load');
  return barChart({
    title,
    unit,
    categories: load.map((g) => g.title),
    series: SERVER_NAMES.map((name) => ({
      name,
      values: load.map((g) => {
        const r = g.results.find((x) => x.server === name);
        return r && r.summary[metric] ? r.summary[metric].median : undefined;
      }),
    })),
  });
}

function writeResults(dir, report) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'results.md'), renderMarkdown(report));
  fs.writeFileSync(
    path.join(dir, 'throughput.svg'),
    chartOf(report.groups, 'rps', 'tools/call add: requests per second (higher is better)', 'req/s'),
  );
  fs.writeFileSync(
    path.join(dir, 'cpu-per-request.svg'),
    chartOf(report.groups, 'cpuPerRequestUs', 'tools/call add: CPU per request (lower is better)', 'µs of CPU per request'),
  );
}

module.exports = { writeResults };
