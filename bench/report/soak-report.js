'use strict';
// The soak's verdict and its markdown: is the server's memory flat over the run?
const MiB = 1024 * 1024;

/**
 * Flat means: the live heap after full GC grew less than 2 MiB from the first sample (taken
 * after the warm-up) to the last, and RSS (after the same GC) less than 16 MiB. A leak of 10
 * bytes per call is 2 MB over 200,000 calls; RSS moves in larger steps (heap pages, allocator
 * arenas), so its bound is looser.
 */
const HEAP_FLAT_BYTES = 2 * MiB;
const RSS_FLAT_BYTES = 16 * MiB;

/** Least-squares slope of `y` over `x`. */
function slope(points) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/** Summary of one transport's samples (`{ calls, rss, heapUsed }`, the first after the warm-up). */
function verdict(samples) {
  const first = samples[0];
  const last = samples[samples.length - 1];
  const heapGrowth = last.heapUsed - first.heapUsed;
  const rssGrowth = last.rss - first.rss;
  const flat = heapGrowth < HEAP_FLAT_BYTES && rssGrowth < RSS_FLAT_BYTES;
  return {
    flat,
    heapGrowth,
    rssGrowth,
    rssMax: Math.max(...samples.map((s) => s.rss)),
    heapSlopeBytesPerCall: slope(samples.map((s) => ({ x: s.calls, y: s.heapUsed }))),
  };
}

const mib = (bytes) => (bytes / MiB).toFixed(1);

function markdown(report) {
  const lines = [
    '# Soak: memory of the Armature server under a long run',
    '',
    `Node ${report.meta.node}, ${report.meta.cpus} cores, load average ${report.meta.loadAverage.map((l) => l.toFixed(2)).join(' ')} at the start; commit ${report.meta.commit}; ${report.meta.date}.`,
    `${report.meta.calls.toLocaleString('en-US')} \`tools/call add\` per transport after a warm-up of ${report.meta.warmup.toLocaleString('en-US')}, sampled every ${report.meta.chunk.toLocaleString('en-US')} calls (server RSS and live heap, both after full GC in the server, which runs with --expose-gc).`,
    `Flat: live heap grew < ${mib(HEAP_FLAT_BYTES)} MiB and RSS < ${mib(RSS_FLAT_BYTES)} MiB from the first sample to the last.`,
    '',
    '| transport | calls | seconds | calls/s | RSS first → last (max), MiB | heap first → last, MiB | heap slope, bytes/call | verdict |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const run of report.runs) {
    if (run.error) {
      lines.push(`| ${run.transport} | — | — | — | — | — | — | failed: ${run.error.split('\n')[0]} |`);
      continue;
    }
    const s = run.samples;
    const v = run.verdict;
    lines.push(
      `| ${run.transport} | ${run.calls.toLocaleString('en-US')} | ${run.seconds.toFixed(1)} | ${Math.round(run.calls / run.seconds).toLocaleString('en-US')} | ${mib(s[0].rss)} → ${mib(s[s.length - 1].rss)} (${mib(v.rssMax)}) | ${mib(s[0].heapUsed)} → ${mib(s[s.length - 1].heapUsed)} | ${v.heapSlopeBytesPerCall.toFixed(2)} | ${v.flat ? 'flat' : 'NOT flat'} |`,
    );
  }
  lines.push('', '## Samples (MiB after full GC: RSS / live heap)', '');
  for (const run of report.runs) {
    if (run.error) continue;
    lines.push(
      `- **${run.transport}**: ${run.samples.map((s) => `${(s.calls / 1000).toFixed(0)}k ${mib(s.rss)}/${mib(s.heapUsed)}`).join(', ')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

module.exports = { verdict, markdown, HEAP_FLAT_BYTES, RSS_FLAT_BYTES };
