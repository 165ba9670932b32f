'use strict';
// Start-up at real tool-set sizes: add + 1,000 and add + 10,000 generated tools, each with its
// own input schema, and (an extra row) add + 1,000 tools sharing one schema. Each repetition
// is a fresh child process per server (startup-child.js), servers interleaved across rounds.
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

function runChild(server, toolSet, warmCalls, idlePauseMs) {
  return new Promise((resolve, reject) => {
    const args = ['--expose-gc', CHILD, server, toolSet, String(warmCalls), String(idlePauseMs)];
    execFile(process.execPath, args, { timeout: 180_000, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
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
  return TOOL_SETS.filter((t) => !quick || QUICK_SETS.includes(t.set)).map((t) => t.set);
}

async function runStartup({ budget, reps, quick, log }) {
  const groups = [];
  for (const { set, id, title } of TOOL_SETS.filter((t) => startupToolSets(quick).includes(t.set))) {
    log(`  ${id}`);
    const contestants = STARTUP_SERVER_NAMES.map((server) => ({
      server,
      warmup: async () => undefined, // every run is a cold process by design
      measure: () => runChild(server, set, budget.warmListCalls, budget.idlePauseMs),
    }));
    const results = await runRounds(contestants, Math.max(reps, budget.startupRepeats));
    groups.push({ id, kind: 'startup', title, results });
  }
  return groups;
}

module.exports = { runStartup, startupToolSets };
