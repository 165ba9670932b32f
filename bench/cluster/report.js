'use strict';
// results.md of the cluster benchmark.

const fmt = (value, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '—';
const spread = (s) => (Number.isFinite(s.spreadPct) ? ` ±${fmt(s.spreadPct / 2, 0)} %` : '');

function throughputTable(rows) {
  const lines = ["| topology | req/s (median) | instances' CPU µs/request | p50 ms | p99 ms |", '|---|---|---|---|---|'];
  for (const row of Object.values(rows)) {
    if (row.error !== undefined) lines.push(`| ${row.title} | could not run: ${row.error.slice(0, 120)} | | | |`);
    else
      lines.push(
        `| ${row.title} | ${fmt(row.rps.median)}${spread(row.rps)} | ${row.cpuUsPerRequest ? fmt(row.cpuUsPerRequest.median, 1) + spread(row.cpuUsPerRequest) : '—'} | ${fmt(row.p50Ms.median)} | ${fmt(row.p99Ms.median)} |`,
      );
  }
  const ratio = (a, b) => (rows[a] && rows[b] ? rows[a].rps.median / rows[b].rps.median : NaN);
  const cpuRatio = (a, b) =>
    rows[a] && rows[b] && rows[a].cpuUsPerRequest ? rows[b].cpuUsPerRequest.median / rows[a].cpuUsPerRequest.median : NaN;
  lines.push(
    '',
    `- Redis-backed ÷ in memory, 1 instance, direct: **${fmt(ratio('redis-1', 'memory-1'), 2)}×** by req/s, **${fmt(cpuRatio('redis-1', 'memory-1'), 2)}×** by CPU per request (in-memory CPU ÷ Redis-backed CPU; target ≥ 0.7×)`,
  );
  lines.push(
    `- 3 instances on Redis behind the balancer ÷ 1 in-memory instance behind the same balancer: **${fmt(ratio('redis-3-lb', 'memory-1-lb'), 2)}×** by req/s`,
  );
  return lines.join('\n');
}

function roundTripTable(rows) {
  const lines = ['| request kind | Redis commands per request | which |', '|---|---|---|'];
  for (const [kind, row] of Object.entries(rows)) {
    const which =
      Object.entries(row.byCommand)
        .map(([name, per]) => `${name} ${fmt(per, 2)}`)
        .join(', ') || '—';
    lines.push(`| ${kind} | ${fmt(row.commandsPerRequest, 2)} | ${which} |`);
  }
  return lines.join('\n');
}

function notifyTable(notify) {
  if (notify.error !== undefined) return `could not run: ${notify.error}`;
  const lines = ['| path | samples | p50 ms | p99 ms | max ms |', '|---|---|---|---|---|'];
  for (const row of notify.rows)
    lines.push(`| ${row.title} | ${row.samples} | ${fmt(row.p50Ms, 2)} | ${fmt(row.p99Ms, 2)} | ${fmt(row.maxMs, 2)} |`);
  return lines.join('\n');
}

function renderMarkdown(results) {
  const parts = [
    '# Cluster benchmark (issue 14)',
    '',
    `${results.startedAt}, Node ${results.node}, ${results.reps} reps × ${results.seconds} s at ${results.connections} connections; load average ${results.loadAverage.map((l) => l.toFixed(1)).join(' ')} at the start, ${results.loadAverageAfter.map((l) => l.toFixed(1)).join(' ')} at the end.`,
  ];
  if (results.throughput) parts.push('', '## 2025-11-25 stateful tools/call', '', throughputTable(results.throughput));
  if (results.roundTrips) parts.push('', '## Redis round trips per request (INFO commandstats)', '', roundTripTable(results.roundTrips));
  if (results.notify) parts.push('', '## Cross-instance notification latency', '', notifyTable(results.notify));
  return parts.join('\n') + '\n';
}

module.exports = { renderMarkdown };
