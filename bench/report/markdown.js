'use strict';
// The markdown report (bench/results/results.md): targets first, then one table per scenario.
const { fmt, times, spread } = require('./format');
const { ratio } = require('./ratios');

const m = (summary, key) => (summary[key] ? summary[key].median : undefined);

function table(head, rows) {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function targetValue(t) {
  if (!t.measured) return '—';
  const unit = t.unit ? ` ${t.unit}` : '×';
  const range =
    t.measured.min !== undefined && t.measured.max !== undefined && t.measured.min !== t.measured.max
      ? ` (${fmt(t.measured.min)}–${fmt(t.measured.max)})`
      : '';
  return `${fmt(t.measured.value)}${unit}${range}${t.measured.note ? `, ${t.measured.note}` : ''}`;
}

function targetsSection(targets) {
  const limit = (t) => `${t.atMost !== undefined ? '≤' : '≥'} ${fmt(t.atMost ?? t.atLeast)}${t.unit ? ` ${t.unit}` : '×'}`;
  const mark = { met: '✅ met', missed: '❌ missed', 'not measured': '— not measured' };
  return `## Targets\n\n${table(
    ['target', 'Armature (range over runs)', 'limit', 'status'],
    targets.map((t) => [t.label, targetValue(t), limit(t), mark[t.status]]),
  )}`;
}

function loadSection(group) {
  const rows = group.results.map((r) => {
    if (r.runs.length === 0) return [r.server, `failed: ${(r.error ?? '').split('\n')[0]}`, '', '', '', '', '', '', ''];
    const s = r.summary;
    const cpuVsFloor = ratio(group, 'cpuPerRequestUs', r.server, group.floor ?? 'floor');
    const rpsVsSdk = ratio(group, 'rps', r.server, 'sdk');
    return [
      r.server,
      fmt(m(s, 'rps')),
      spread(s.rps),
      fmt(m(s, 'p50Ms')),
      fmt(m(s, 'p99Ms')),
      fmt(m(s, 'cpuPerRequestUs')),
      times(cpuVsFloor?.value),
      times(rpsVsSdk?.value),
      String(r.runs.length),
    ];
  });
  const note = group.note === undefined ? '' : ` ${group.note}`;
  const body = `### ${group.title}\n\nCPU counted: ${group.cpuScope}.${note}\n\n${table(['server', 'req/s', 'spread', 'p50 ms', 'p99 ms', 'CPU µs/req', 'CPU ×floor', 'req/s ×SDK', 'runs'], rows)}`;
  if (group.ratios !== undefined) return `${body}\n\n${groupRatios(group)}`;
  return group.note === undefined ? body : `${body}\n\n${armatureRatios(group)}`;
}

const showRatio = (r) => (r ? `${times(r.value)} (${fmt(r.min)}–${fmt(r.max)})` : '—');

/** The group's own CPU ratios (`{r}` in each label: ratio of medians, range of per-round ratios). */
function groupRatios(group) {
  return `${group.ratios.map(({ a, b, label }) => label.replace('{r}', showRatio(ratio(group, 'cpuPerRequestUs', a, b)))).join('; ')}.`;
}

/** Armature against both others in one line: CPU per request and req/s, ratios of medians (range of per-round ratios). */
function armatureRatios(group) {
  const show = showRatio;
  return [
    `Armature: CPU/request ${show(ratio(group, 'cpuPerRequestUs', 'armature', 'floor'))} the floor's`,
    `SDK CPU/request ${show(ratio(group, 'cpuPerRequestUs', 'sdk', 'armature'))} Armature's`,
    `req/s ${show(ratio(group, 'rps', 'armature', 'floor'))} the floor's`,
    `${show(ratio(group, 'rps', 'armature', 'sdk'))} the SDK's.`,
  ].join('; ');
}

function startupSection(group) {
  const us = (summary, key) => fmt(m(summary, key) * 1000);
  const rows = group.results.map((r) => {
    if (r.runs.length === 0)
      return [r.server, `failed: ${(r.error ?? '').split('\n')[0]}`, '', '', '', '', '', '', '', '', '', '', '', '', ''];
    const s = r.summary;
    const page = `${fmt(m(s, 'tools'))}${m(s, 'morePages') ? ' + more pages' : ''} / ${fmt(m(s, 'listBytes') / 1024)} KiB`;
    return [
      r.server,
      fmt(m(s, 'startupMs')),
      fmt(m(s, 'loadMs')),
      fmt(m(s, 'constructMs')),
      fmt(m(s, 'initializeMs')),
      fmt(m(s, 'firstListMs')),
      fmt(m(s, 'sinceProcessStartMs')),
      fmt(m(s, 'frameworkLoadMs')),
      fmt(m(s, 'warmListMs')),
      `${us(s, 'firstCallMs')} / ${us(s, 'warmCallMs')}`,
      us(s, 'firstAfterIdleMs'),
      page,
      `${fmt(m(s, 'heapAfterGcMb'))} / ${fmt(m(s, 'heapAfterIdleGcMb'))}`,
      fmt(m(s, 'peakRssMb')),
      String(r.runs.length),
    ];
  });
  const head = [
    'server',
    'startup ms',
    'load app ms',
    'construct ms',
    'initialize ms',
    'first list ms',
    'process start → first list ms',
    'framework load ms',
    'warm list ms',
    'first / warm tools/call µs',
    'first call after the idle pause µs (1 s; quick 200 ms)',
    'first list page: tools / size',
    'heap after GC MB (before / after the idle pause)',
    'peak RSS MB',
    'runs',
  ];
  return `### ${group.title}\n\nFresh process per run; \`startup\` = loading the server's own modules (handler classes, tool registrations) + construct + initialize + first tools/list; the framework's own modules load before the clock (shown apart) and are inside \`process start → first list\`. Raw wire bytes over the server's own stdio transport on in-memory streams. First / warm tools/call: the median over 20 tools spread across the set, each called once for the first time, then five more times.\n\n${table(head, rows)}`;
}

function coldStartSection(group) {
  const rows = group.results.map((r) => {
    if (r.runs.length === 0) return [r.server, `failed: ${(r.error ?? '').split('\n')[0]}`, '', '', '', '', '', ''];
    const s = r.summary;
    const vsFloor = ratio(group, 'coldStartMs', r.server, 'floor');
    const vsSdk = ratio(group, 'coldStartMs', r.server, 'sdk-v2');
    return [
      r.server,
      fmt(m(s, 'coldStartMs')),
      spread(s.coldStartMs),
      vsFloor ? `${times(vsFloor.value)} (${fmt(vsFloor.min)}–${fmt(vsFloor.max)})` : '—',
      times(vsSdk?.value),
      fmt(m(s, 'childReadyMs')),
      fmt(m(s, 'firstCallMs')),
      String(r.runs.length),
    ];
  });
  const head = [
    'server',
    'cold start ms',
    'spread',
    '×floor (per-round range)',
    '×SDK v2',
    'listening, since process start ms',
    'first tools/call ms',
    'runs',
  ];
  return `### ${group.title}\n\nFresh process per run; the clock runs from just before the spawn to the end of the answer to the first \`tools/call add\` (MCP 2026-07-28, envelope in \`_meta\`, routing headers), POSTed on a new connection as soon as the child prints its URL; status, content type and result are checked. \`listening\` is the child's own \`performance.now()\` when it printed its URL.\n\n${table(head, rows)}`;
}

function memorySection(group) {
  const rows = group.results.map((r) => {
    if (r.runs.length === 0) return [r.server, `failed: ${(r.error ?? '').split('\n')[0]}`, '', '', ''];
    const s = r.summary;
    return [r.server, fmt(m(s, 'bytesPerSession')), fmt(m(s, 'rssBytesPerSession')), fmt(m(s, 'sessions')), String(r.runs.length)];
  });
  return `### ${group.title}\n\nHeap after full GC (\`--expose-gc\`), before and after opening the sessions, divided by their number.\n\n${table(['server', 'heap B/session', 'RSS B/session', 'sessions', 'runs'], rows)}`;
}

function buildSection(group) {
  const r = group.results[0];
  if (!r || !r.bySize || r.bySize.length === 0) return `### ${group.title}\n\nfailed: ${r && r.error}`;
  const columns = Object.keys(r.bySize[0].metrics);
  const cell = (metric) => (metric.runs.length > 1 ? `${fmt(metric.median)} ${spread(metric)}` : fmt(metric.median));
  const rows = r.bySize.map((size) => [String(size.tools), ...columns.map((c) => cell(size.metrics[c]))]);
  return `### ${group.title}\n\nms; measured by \`packages/cli/bench/build-time.js\`${r.error ? ` (partly failed: ${r.error.split('\n')[0]})` : ''}.\n\n${table(['tools', ...columns], rows)}`;
}

function largeBuildSection(group) {
  const r = group.results[0];
  const s = r && r.summary;
  if (!s || !s.ms) return `### ${group.title}\n\nfailed: ${r && r.error}`;
  const cell = (metric) => (metric.runs.length > 1 ? `${fmt(metric.median)} ${spread(metric)}` : fmt(metric.median));
  return `### ${group.title}\n\nWall time of the whole \`armature build\` process (TypeScript, schema scan, manifest, validators), its CPU time (user + system: what other work on the machine barely moves) and its peak RSS (\`bench/tools/peak-rss.js\`), compiled output removed before each run; ${r.runs.length} run(s)${r.error ? `; partly failed: ${r.error.split('\n')[0]}` : ''}.\n\n${table(['wall ms', 'CPU ms', 'peak RSS MB'], [[cell(s.ms), s.cpuMs ? cell(s.cpuMs) : '—', cell(s.peakRssMb)]])}`;
}

const SECTIONS = {
  load: loadSection,
  startup: startupSection,
  coldstart: coldStartSection,
  memory: memorySection,
  build: buildSection,
  'build-large': largeBuildSection,
};

function renderMarkdown({ meta, groups, targets }) {
  const head = [
    `# Armature benchmark results${meta.quick ? ' (quick mode)' : ''}`,
    '',
    `${meta.date} · Node ${meta.node} · ${meta.cpus}× ${meta.cpuModel} · @modelcontextprotocol/sdk ${meta.sdkVersion}${meta.sdkV2Version ? ` · @modelcontextprotocol/server ${meta.sdkV2Version} (SDK v2, 2026-07-28 scenario)` : ''} · commit ${meta.commit} · ${meta.reps} run(s) per measurement, medians shown.`,
    '',
    `Load average at start ${meta.loadAverage.start.map((l) => fmt(l, 2)).join(' / ')}, at end ${meta.loadAverage.end.map((l) => fmt(l, 2)).join(' / ')}${meta.loaded ? ' — **the machine was busy with other work; absolute numbers are noisy, ratios within a round less so.**' : '.'}`,
    '',
    '![requests per second](throughput.svg)',
    '',
    '![CPU per request](cpu-per-request.svg)',
  ];
  return `${[...head, '', targetsSection(targets), '', '## Scenarios', '', ...groups.map((g) => `${SECTIONS[g.kind](g)}\n`)].join('\n')}\n`;
}

module.exports = { renderMarkdown };
