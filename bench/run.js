#!/usr/bin/env node
'use strict';
// `npm run bench [-- --quick] [-- --only stdio,http]`: measures Armature, the official SDK (v1;
// v2 for MCP 2026-07-28) and the JSON-RPC floor side by side, then writes
// bench/results/{results.json,results.md,*.svg}.
// Exits non-zero only when a scenario could not run; a missed target is a result, not an error.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { parseOptions, USAGE } = require('./lib/options');
const { budgetFor } = require('./lib/budgets');
const { buildArmatureServers } = require('./generate/armature-project');
const { writeJsHandlers } = require('./generate/js-handlers');
const { evaluateTargets } = require('./report/targets');
const { writeResults } = require('./report/write-results');
const { fmt } = require('./report/format');

const REPO = path.join(__dirname, '..');
const SCENARIOS = {
  'in-process': () => require('./scenarios/in-process').runInProcess,
  stdio: () => require('./scenarios/stdio').runStdio,
  http: () => require('./scenarios/http').runHttp,
  'http-2026': () => require('./scenarios/http-2026').runHttp2026,
  proxy: () => require('./scenarios/proxy').runProxy,
  startup: () => require('./scenarios/startup').runStartup,
  serverless: () => require('./scenarios/serverless').runServerless,
  'session-heap': () => require('./scenarios/session-heap').runSessionHeap,
  build: () => require('./scenarios/build').runBuild,
};
/** Generated Armature servers (tool sets, generate/tool-set.js) each scenario needs. */
const needs = (scenario, quick) =>
  scenario === 'startup'
    ? require('./scenarios/startup').startupToolSets(quick)
    : scenario === 'serverless'
      ? require('./scenarios/serverless').serverlessToolSets(quick)
      : scenario === 'session-heap'
        ? ['20']
        : [];
const REQUIRED_BUILDS = ['packages/core/dist/src/index.js', 'packages/http/dist/src/index.js', 'packages/cli/dist/src/bin/armature.js'];

const log = (line) => process.stderr.write(`${line}\n`);

function meta(options) {
  const git = (args) => {
    try {
      return execFileSync('git', args, { cwd: REPO, encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  };
  const sdk = JSON.parse(fs.readFileSync(path.join(REPO, 'node_modules/@modelcontextprotocol/sdk/package.json'), 'utf8'));
  const sdkV2 = JSON.parse(fs.readFileSync(path.join(REPO, 'node_modules/@modelcontextprotocol/server/package.json'), 'utf8'));
  const start = os.loadavg();
  return {
    date: new Date().toISOString(),
    node: process.versions.node,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    sdkVersion: sdk.version,
    sdkV2Version: sdkV2.version,
    commit: git(['rev-parse', '--short', 'HEAD']),
    quick: options.quick,
    reps: options.reps,
    loadAverage: { start, end: start },
    // A 1-minute load above half the cores before we start means others are using the machine.
    loaded: start[0] > os.cpus().length / 2,
  };
}

function failedGroup(name, error) {
  return {
    id: `${name}/failed`,
    kind: 'load',
    title: `${name} (failed to run)`,
    cpuScope: '—',
    results: [{ server: 'all', runs: [], summary: {}, error: error.message }],
  };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) return void process.stdout.write(`${USAGE}\n`);
  const missing = REQUIRED_BUILDS.filter((f) => !fs.existsSync(path.join(REPO, f)));
  if (missing.length > 0) throw new Error(`build the packages first (npm run build); missing ${missing.join(', ')}`);
  const budget = budgetFor(options.quick);
  const started = Date.now();
  // Whatever happens, the run ends: a hung scenario is a failure, not a stuck CI job.
  const watchdogMs = options.quick ? 5 * 60_000 : 90 * 60_000;
  setTimeout(() => {
    log(`bench: gave up after ${watchdogMs / 60_000} minutes`);
    process.exit(2);
  }, watchdogMs).unref();

  const report = { meta: meta(options), groups: [], failures: [] };
  log(
    `bench: ${options.quick ? 'quick' : 'full'} run, ${options.reps} run(s) per measurement, load average ${report.meta.loadAverage.start.map((l) => fmt(l, 2)).join(' ')}`,
  );
  log('armature build of the benchmark servers');
  try {
    const toolSets = [...new Set(options.only.flatMap((s) => needs(s, options.quick)))];
    buildArmatureServers(toolSets, log);
    // The SDK and floor servers' own handler functions for the same tool sets.
    for (const set of toolSets) writeJsHandlers(set);
  } catch (error) {
    report.failures.push({ scenario: 'armature build', error: error.message });
    log(error.message);
  }
  for (const name of options.only) {
    log(`${name}`);
    const scenarioStart = Date.now();
    try {
      const groups = await SCENARIOS[name]()({ budget, reps: options.reps, quick: options.quick, log });
      report.groups.push(...groups);
      for (const g of groups)
        for (const r of g.results) if (r.error) report.failures.push({ scenario: g.id, server: r.server, error: r.error });
    } catch (error) {
      report.groups.push(failedGroup(name, error));
      report.failures.push({ scenario: name, error: error.message });
    }
    log(`  (${fmt((Date.now() - scenarioStart) / 1000)} s)`);
  }
  report.meta.loadAverage.end = os.loadavg();
  report.meta.durationS = (Date.now() - started) / 1000;
  report.targets = evaluateTargets(report.groups);
  writeResults(options.out, report);

  for (const t of report.targets) {
    const value = t.measured ? `${fmt(t.measured.value)}${t.unit ? ` ${t.unit}` : '×'}` : '—';
    process.stdout.write(`${t.status.padEnd(12)} ${value.padStart(10)}  ${t.label}\n`);
  }
  process.stdout.write(`results: ${path.relative(process.cwd(), options.out) || '.'} (${fmt(report.meta.durationS)} s)\n`);
  for (const f of report.failures)
    process.stdout.write(`FAILED ${f.scenario}${f.server ? ` [${f.server}]` : ''}: ${f.error.split('\n')[0]}\n`);
  if (report.failures.length > 0) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0), // children and sockets are closed; do not wait on stray timers
  (error) => {
    log(`bench: ${error && error.stack ? error.stack : String(error)}`);
    process.exit(1);
  },
);
