'use strict';
// The targets, each checked against one measurement of this run. A missed target is
// reported, never an error: benchmarks are not tests.
const { ratio, resultOf } = require('./ratios');
const { fmt } = require('./format');

const TARGETS = [
  {
    id: 'in-process-cpu',
    label: 'in-process CPU/request ≤ 1.5× the floor (raw bytes, 64 in flight)',
    group: 'in-process/raw-bytes/64',
    metric: 'cpuPerRequestUs',
    against: 'floor',
    atMost: 1.5,
  },
  {
    id: 'stdio-cpu',
    label: 'stdio pipelined (256 in flight) server CPU/request ≤ 1.2× the floor',
    group: 'stdio/raw-pipelined/256',
    metric: 'cpuPerRequestUs',
    against: 'floor',
    atMost: 1.2,
  },
  {
    id: 'http-stateful-cpu',
    label: 'HTTP stateful, 32 connections, server CPU/request ≤ 1.2× the floor',
    group: 'http/stateful/32',
    metric: 'cpuPerRequestUs',
    against: 'floor',
    atMost: 1.2,
  },
  {
    id: 'http-stateless-cpu',
    label: 'HTTP stateless, 32 connections, server CPU/request ≤ 1.2× the floor',
    group: 'http/stateless/32',
    metric: 'cpuPerRequestUs',
    against: 'floor',
    atMost: 1.2,
  },
  {
    id: 'http-mounted-stateful-cpu',
    label: 'HTTP stateful, `createHttpHandler` mounted on node:http, 32 connections, server CPU/request ≤ 1.15× the floor',
    group: 'http/stateful/32',
    server: 'armature-mounted',
    metric: 'cpuPerRequestUs',
    against: 'floor',
    atMost: 1.15,
  },
  {
    id: 'http-mounted-stateless-cpu',
    label: 'HTTP stateless, `createHttpHandler` mounted on node:http, 32 connections, server CPU/request ≤ 1.15× the floor',
    group: 'http/stateless/32',
    server: 'armature-mounted',
    metric: 'cpuPerRequestUs',
    against: 'floor',
    atMost: 1.15,
  },
  {
    id: 'proxy-cpu',
    label: 'proxied tools/call (HTTP 2026-07-28, 32 connections): the proxy process CPU/request ≤ 1.5× the upstream server alone',
    group: 'proxy/http-2026/32',
    server: 'proxy',
    metric: 'cpuPerRequestUs',
    against: 'upstream',
    atMost: 1.5,
    // What any proxy pays: the hand-written floor proxy's own ratio, shown beside the value.
    alsoRatio: { server: 'floor-proxy', against: 'upstream', note: "the floor proxy's own" },
  },
  {
    id: 'proxy-cpu-floor',
    label: 'proxied tools/call (HTTP 2026-07-28, 32 connections): the proxy process CPU/request ≤ 1.5× the hand-written floor proxy',
    group: 'proxy/http-2026/32',
    server: 'proxy',
    metric: 'cpuPerRequestUs',
    against: 'floor-proxy',
    atMost: 1.5,
  },
  {
    id: 'stdio-pipelined',
    label: 'stdio pipelined (256 in flight) req/s ≥ 4× the SDK',
    group: 'stdio/raw-pipelined/256',
    metric: 'rps',
    against: 'sdk',
    atLeast: 4,
  },
  {
    id: 'http-stateful',
    label: 'HTTP stateful, 32 connections, req/s ≥ 3.5× the SDK',
    group: 'http/stateful/32',
    metric: 'rps',
    against: 'sdk',
    atLeast: 3.5,
  },
  {
    id: 'http-stateless',
    label: 'HTTP stateless, 32 connections, req/s ≥ 20× the SDK',
    group: 'http/stateless/32',
    metric: 'rps',
    against: 'sdk',
    atLeast: 20,
  },
  {
    id: 'http-2026-cpu-floor',
    label: 'HTTP 2026-07-28 stateless tools/call, 32 connections, server CPU/request ≤ 1.15× the floor',
    group: 'http-2026/stateless/32',
    metric: 'cpuPerRequestUs',
    against: 'floor',
    atMost: 1.15,
  },
  // `inverse`: the SDK's value over Armature's (how many times less CPU Armature spends).
  {
    id: 'http-2026-cpu-sdk',
    label: 'HTTP 2026-07-28 stateless tools/call, 32 connections, server CPU/request ≥ 20× less than the SDK v2',
    group: 'http-2026/stateless/32',
    metric: 'cpuPerRequestUs',
    against: 'sdk',
    inverse: true,
    atLeast: 20,
  },
  // Issue 15: distinct schemas, handler modules loaded inside the clock (scenarios/startup-child.js).
  {
    id: 'startup',
    label: '1,001 distinct-schema tools: load + construct + initialize + first tools/list ≤ 25 ms',
    group: 'startup/1001-tools',
    metric: 'startupMs',
    atMost: 25,
    unit: 'ms',
  },
  {
    id: 'startup-process',
    label: '1,001 distinct-schema tools: process start → first tools/list ≤ 120 ms',
    group: 'startup/1001-tools',
    metric: 'sinceProcessStartMs',
    atMost: 120,
    unit: 'ms',
  },
  {
    id: 'warm-list',
    label: '1,001 tools: warm tools/list ≤ 5 ms',
    group: 'startup/1001-tools',
    metric: 'warmListMs',
    atMost: 5,
    unit: 'ms',
  },
  {
    id: 'startup-10k',
    label: '10,001 distinct-schema tools: load + construct + initialize + first tools/list ≤ 250 ms',
    group: 'startup/10001-tools',
    metric: 'startupMs',
    atMost: 250,
    unit: 'ms',
  },
  {
    id: 'warm-list-10k',
    label: '10,001 tools: warm tools/list ≤ 10 ms',
    group: 'startup/10001-tools',
    metric: 'warmListMs',
    atMost: 10,
    unit: 'ms',
  },
  {
    id: 'heap-10k',
    label: '10,001 tools: heap after GC ≤ 60 MB',
    group: 'startup/10001-tools',
    metric: 'heapAfterGcMb',
    atMost: 60,
    unit: 'MB',
  },
  {
    id: 'first-call-10k',
    label: '10,001 tools: first tools/call of a tool ≤ 2× a warm call (median of 20 tools)',
    group: 'startup/10001-tools',
    metric: 'firstOverWarm',
    atMost: 2,
  },
  {
    id: 'first-call-idle-10k',
    label: '10,001 tools: first tools/call after 1 s idle ≤ 2× a warm call (extra row: other 20 tools)',
    group: 'startup/10001-tools',
    metric: 'firstAfterIdleOverWarm',
    atMost: 2,
  },
  // The same start-up targets as ratios to the floor in the same rounds (the floor itself misses the absolute ones).
  {
    id: 'startup-floor',
    label: '1,001 distinct-schema tools: load + construct + initialize + first tools/list ≤ 1.5× the floor',
    group: 'startup/1001-tools',
    metric: 'startupMs',
    against: 'floor',
    atMost: 1.5,
  },
  {
    id: 'startup-process-floor',
    label: '1,001 distinct-schema tools: process start → first tools/list ≤ 1.3× the floor',
    group: 'startup/1001-tools',
    metric: 'sinceProcessStartMs',
    against: 'floor',
    atMost: 1.3,
  },
  {
    id: 'startup-10k-floor',
    label: '10,001 distinct-schema tools: load + construct + initialize + first tools/list ≤ 1.15× the floor',
    group: 'startup/10001-tools',
    metric: 'startupMs',
    against: 'floor',
    atMost: 1.15,
  },
  {
    id: 'heap-10k-floor',
    label: '10,001 tools: heap after GC ≤ 1.2× the floor',
    group: 'startup/10001-tools',
    metric: 'heapAfterGcMb',
    against: 'floor',
    atMost: 1.2,
  },
  {
    id: 'first-call-10k-floor',
    label: "10,001 tools: first ÷ warm tools/call ≤ 1.1× the floor's own",
    group: 'startup/10001-tools',
    metric: 'firstOverWarm',
    against: 'floor',
    atMost: 1.1,
  },
  {
    id: 'serverless-21',
    label: 'serverless cold start, 21 tools: process start → first 2026-07-28 tools/call answered ≤ 1.3× the floor',
    group: 'serverless/21-tools',
    metric: 'coldStartMs',
    against: 'floor',
    atMost: 1.3,
  },
  {
    id: 'serverless-1001',
    label: 'serverless cold start, 1,001 tools: process start → first 2026-07-28 tools/call answered ≤ 1.3× the floor',
    group: 'serverless/1001-tools',
    metric: 'coldStartMs',
    against: 'floor',
    atMost: 1.3,
  },
  {
    id: 'serverless-21-bundled',
    label: 'serverless cold start, 21 tools, the app packed by `armature bundle` ≤ 1.3× the floor',
    group: 'serverless/21-tools',
    metric: 'coldStartMs',
    server: 'armature, bundled',
    against: 'floor',
    atMost: 1.3,
  },
  {
    id: 'serverless-1001-bundled',
    label: 'serverless cold start, 1,001 tools, the app packed by `armature bundle` ≤ 1.3× the floor',
    group: 'serverless/1001-tools',
    metric: 'coldStartMs',
    server: 'armature, bundled',
    against: 'floor',
    atMost: 1.3,
  },
  {
    id: 'session-heap',
    label: 'heap per idle HTTP session ≤ 4 KB',
    group: 'session-heap/21-tools',
    metric: 'bytesPerSession',
    atMost: 4096,
    unit: 'B',
  },
  {
    id: 'build-500',
    label: '500-tool manifest build (cold `armature build`) ≤ 3 s',
    build: { tools: 500, column: 'cold build (CLI)' },
    atMost: 3000,
    unit: 'ms',
  },
  { id: 'build-10k', label: '10,001-tool cold `armature build` ≤ 8 s', group: 'build/10001-tools', metric: 'ms', atMost: 8000, unit: 'ms' },
  {
    id: 'build-10k-rss',
    label: '10,001-tool cold `armature build`: peak RSS ≤ 1 GB',
    group: 'build/10001-tools',
    metric: 'peakRssMb',
    atMost: 1024,
    unit: 'MB',
  },
  {
    id: 'watch',
    label: 'watch rebuild after a one-line change ≤ 0.5 s (largest project measured)',
    build: { tools: 'largest', column: 'watch rebuild' },
    atMost: 500,
    unit: 'ms',
  },
];

function buildValue(groups, { tools, column }) {
  const group = groups.find((g) => g.id === 'build/manifest');
  const sizes = group && group.results[0] && group.results[0].bySize;
  if (!sizes || sizes.length === 0) return undefined;
  const size = tools === 'largest' ? sizes.reduce((a, b) => (b.tools > a.tools ? b : a)) : sizes.find((s) => s.tools === tools);
  const metric = size && size.metrics[column];
  return metric ? { value: metric.median, min: metric.min, max: metric.max, note: `${size.tools} tools` } : undefined;
}

function measure(groups, target) {
  if (target.build) return buildValue(groups, target.build);
  const group = groups.find((g) => g.id === target.group);
  const server = target.server ?? 'armature';
  if (target.alsoRatio) {
    const measured = ratio(group, target.metric, server, target.against);
    const also = ratio(group, target.metric, target.alsoRatio.server, target.alsoRatio.against);
    return measured && also ? { ...measured, note: `${target.alsoRatio.note} ${fmt(also.value)}×` } : measured;
  }
  if (target.against)
    return target.inverse ? ratio(group, target.metric, target.against, server) : ratio(group, target.metric, server, target.against);
  const mine = resultOf(group, server);
  const metric = mine && mine.summary[target.metric];
  return metric ? { value: metric.median, min: metric.min, max: metric.max } : undefined;
}

/** Every target with its measured value (or ratio) and `status`: met | missed | not measured. */
function evaluateTargets(groups) {
  return TARGETS.map((target) => {
    const measured = measure(groups, target);
    const status =
      measured === undefined || !Number.isFinite(measured.value)
        ? 'not measured'
        : (target.atMost !== undefined ? measured.value <= target.atMost : measured.value >= target.atLeast)
          ? 'met'
          : 'missed';
    return { ...target, measured, status };
  });
}

module.exports = { evaluateTargets, TARGETS };
