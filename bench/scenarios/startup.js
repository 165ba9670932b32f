'use strict';
// Start-up at real tool-set sizes: add + 1,000 and add + 10,000 generated tools, each with its
// own input schema, and (an extra row) add + 1,000 tools sharing one schema. Each repetition
// is a fresh child process per server (startup-child.js), servers interleaved across rounds.
// One untimed start per server comes first: it leaves what a server's earlier runs leave (the
// OS file cache warm; Armature's V8 code cache for this flag set, docs/performance.md "Code
// cache"). The first start after an install, with no code cache, is the extra row COLD; the
// extra row APP_CACHE compiles the app's own modules through `@armature/core/code-cache` too.
const path = require('node:path');
const { execFile } = require('node:child_process');
const { STARTUP_SERVER_NAMES } = require('../servers/registry');
const { runRounds } = require('../lib/rounds');

const CHILD = path.join(__dirname, 'startup-child.js');
/** The tool sets measured (generate/tool-set.js), with the title of their table. */
const TOOL_SETS = [
  { set: '1000', id: 'startup/1001-tools', title: 'start-up with 1,001 tools, distinct schemas' },
  { set: '10000', id: 'startup/10001-tools', title: 'start-up with 10,001 tools, distinct schemas' },
  { set: '1000-shared', id: 'startup/1001-tools-shared', title: 'start-up with 1,001 tools sharing one schema (extra row)' },
];
const QUICK_SETS = ['1000'];
/** The extra row: Armature started with its code cache off (ARMATURE_CODE_CACHE=off), as on its first start after an install. */
const COLD = { name: 'armature, no code cache', server: 'armature', env: { ARMATURE_CODE_CACHE: 'off' } };
/** The extra row: Armature with the app's own modules compiled through its code cache too (`@armature/core/code-cache`). */
const APP_CACHE = { name: 'armature, app code cache', server: 'armature', env: { BENCH_APP_CODE_CACHE: '1' } };
/** Tool sets that get the APP_CACHE row. */
const APP_CACHE_ROW_SETS = ['1000', '10000'];
/**
 * The extra row of the 1,001-tool set: the same Armature project compiled with TypeScript's
 * default `removeComments: false` (a project not scaffolded by `armature init`), so its handler
 * modules keep every tool's JSDoc.
 */
const WITH_COMMENTS = { name: 'armature, handler modules with comments', server: 'armature', env: {}, set: '1000-comments' };
/** Tool sets that get the WITH_COMMENTS row. */
const COMMENTS_ROW_SETS = ['1000'];

function runChild(server, toolSet, warmCalls, idlePauseMs, env = {}) {
  return new Promise((resolve, reject) => {
    const args = ['--expose-gc', CHILD, server, toolSet, String(warmCalls), String(idlePauseMs)];
    const options = { timeout: 180_000, maxBuffer: 1 << 20, env: { ...process.env, ...env } };
    execFile(process.execPath, args, options, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr.slice(-2000)}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop()));
      } catch {
        reject(new Error(`no report from the start-up child:\n${stdout.slice(-500)}${stderr.slice(-1500)}`));
      }
    });
  });
}

/** The tool sets a run measures (the projects `run.js` builds first). */
function startupToolSets(quick) {
  const sets = TOOL_SETS.filter((t) => !quick || QUICK_SETS.includes(t.set)).map((t) => t.set);
  return [...sets, ...sets.filter((s) => COMMENTS_ROW_SETS.includes(s)).map((s) => `${s}-comments`)];
}

async function runStartup({ budget, reps, quick, log }) {
  const groups = [];
  for (const { set, id, title } of TOOL_SETS.filter((t) => startupToolSets(quick).includes(t.set))) {
    log(`  ${id}`);
    const starts = [
      ...STARTUP_SERVER_NAMES.map((server) => ({ name: server, server, env: {} })),
      COLD,
      ...(APP_CACHE_ROW_SETS.includes(set) ? [APP_CACHE] : []),
      ...(COMMENTS_ROW_SETS.includes(set) ? [WITH_COMMENTS] : []),
    ];
    const contestants = starts.map(({ name, server, env, set: own = set }) => ({
      server: name,
      // Every measured run is a fresh process; this untimed one is the server's earlier run.
      warmup: () => runChild(server, own, 0, 0, env).then(() => undefined),
      measure: () => runChild(server, own, budget.warmListCalls, budget.idlePauseMs, env),
    }));
    const results = await runRounds(contestants, Math.max(reps, budget.startupRepeats));
    groups.push({ id, kind: 'startup', title, results });
  }
  return groups;
}

module.exports = { runStartup, startupToolSets };
