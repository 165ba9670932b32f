'use strict';
// Start-up with 1,001 tools (add + 1,000 of five parameters each): each repetition is a
// fresh child process per server (startup-child.js), servers interleaved across rounds.
const path = require('node:path');
const { execFile } = require('node:child_process');
const { SERVER_NAMES } = require('../servers/registry');
const { runRounds } = require('../lib/rounds');

const CHILD = path.join(__dirname, 'startup-child.js');
const EXTRA_TOOLS = 1000;

function runChild(server, warmCalls) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CHILD, server, String(EXTRA_TOOLS), String(warmCalls)], { timeout: 120_000, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr.slice(-2000)}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop()));
      } catch {
        reject(new Error(`no report from the start-up child:\n${stdout.slice(-500)}${stderr.slice(-1500)}`));
      }
    });
  });
}

async function runStartup({ budget, reps, log }) {
  const id = 'startup/1001-tools';
  log(`  ${id}`);
  const contestants = SERVER_NAMES.map((server) => ({
    server,
    warmup: async () => undefined, // every run is a cold process by design
    measure: () => runChild(server, budget.warmListCalls),
  }));
  const results = await runRounds(contestants, Math.max(reps, budget.startupRepeats));
  return [{ id, kind: 'startup', title: 'start-up with 1,001 tools: construct + initialize + first tools/list', results }];
}

module.exports = { runStartup, EXTRA_TOOLS };
