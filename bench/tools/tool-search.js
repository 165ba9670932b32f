'use strict';
// Tool search at scale: `node bench/tools/tool-search.js [toolSet=10000] [rounds=5] [queries=300]`.
// Builds the generated project (`armature build`, which writes the tool-search index), then runs
// fresh children in interleaved rounds — each round one without tool search and one with it, in
// alternating order, so a change in machine load lands on both — and prints the medians: start-up
// (module load + Armature.create + initialize + first tools/list), the index load alone, and the
// search_tools round trip (p50/p99 over the queries after the first, and the first query apart).
const { spawnSync } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');
const { writeProject, buildProject } = require('../generate/armature-project');
const { median } = require('../lib/stats');

const [toolSet = '10000', roundArg = '5', queryArg = '300'] = process.argv.slice(2);
const CHILD = path.join(__dirname, 'tool-search-child.js');

function runChild(mode) {
  const result = spawnSync(process.execPath, ['--expose-gc', CHILD, mode, toolSet, queryArg], { encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0) throw new Error(`${mode} child failed (${result.status ?? result.signal}):\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

const dir = writeProject(toolSet);
const built = buildProject(dir);
process.stdout.write(`built ${path.basename(dir)} in ${built.ms} ms\n`);
const loadBefore = os.loadavg()[0];
// One untimed start of each first: the OS file cache and the code cache, as the start-up scenario does.
runChild('plain');
runChild('search');
const runs = { plain: [], search: [] };
for (let round = 0; round < Number(roundArg); round++) {
  const order = round % 2 === 0 ? ['plain', 'search'] : ['search', 'plain'];
  for (const mode of order) runs[mode].push(runChild(mode));
  const ratio = runs.search[round].startupMs / runs.plain[round].startupMs;
  process.stdout.write(
    `round ${round + 1}: start-up plain ${runs.plain[round].startupMs.toFixed(1)} ms, search ${runs.search[round].startupMs.toFixed(1)} ms (${ratio.toFixed(2)}×)\n`,
  );
}
const med = (mode, key) => median(runs[mode].map((r) => r[key]));
const ratios = runs.search.map((r, i) => r.startupMs / runs.plain[i].startupMs);
const summary = {
  toolSet,
  rounds: Number(roundArg),
  loadAverage: `${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} (${os.cpus().length} cores)`,
  startupPlainMs: med('plain', 'startupMs'),
  startupSearchMs: med('search', 'startupMs'),
  startupRatio: med('search', 'startupMs') / med('plain', 'startupMs'),
  startupRatioRange: [Math.min(...ratios), Math.max(...ratios)],
  constructPlainMs: med('plain', 'constructMs'),
  constructSearchMs: med('search', 'constructMs'),
  firstListPlain: `${runs.plain[0].listedTools} tools, ${runs.plain[0].listBytes} bytes`,
  firstListSearch: `${runs.search[0].listedTools} tools, ${runs.search[0].listBytes} bytes`,
  indexLoadMs: med('search', 'indexLoadMs'),
  indexBodyParseMs: med('search', 'indexBodyParseMs'),
  indexBytes: runs.search[0].indexBytes,
  firstQueryMs: med('search', 'firstQueryMs'),
  queryP50Ms: med('search', 'queryP50Ms'),
  queryP99Ms: med('search', 'queryP99Ms'),
  queryMaxMs: med('search', 'queryMaxMs'),
  rightFirst: runs.search.map((r) => r.rightFirst).join(', '),
  byKind: Object.fromEntries(
    Object.keys(runs.search[0].byKind).map((kind) => [
      kind,
      { p50: median(runs.search.map((r) => r.byKind[kind].p50)), p99: median(runs.search.map((r) => r.byKind[kind].p99)) },
    ]),
  ),
  heapPlainMb: med('plain', 'heapAfterGcMb'),
  heapSearchMb: med('search', 'heapAfterGcMb'),
};
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
