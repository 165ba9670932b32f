'use strict';
// Ratios between servers of the same run: the ratio of medians, and its spread as the
// range of the per-round ratios (rounds interleave the servers, so round i of one server
// ran next to round i of the other).

function resultOf(group, server) {
  return group && group.results.find((r) => r.server === server && r.runs.length > 0);
}

/** `{ value, min, max }` of `metric(a) / metric(b)` in `group`, or undefined when either is missing. */
function ratio(group, metric, a, b) {
  const ra = resultOf(group, a);
  const rb = resultOf(group, b);
  if (!ra || !rb || !ra.summary[metric] || !rb.summary[metric]) return undefined;
  const value = ra.summary[metric].median / rb.summary[metric].median;
  const perRound = [];
  for (let i = 0; i < Math.min(ra.runs.length, rb.runs.length); i++) perRound.push(ra.runs[i][metric] / rb.runs[i][metric]);
  return { value, min: Math.min(...perRound), max: Math.max(...perRound) };
}

module.exports = { ratio, resultOf };
