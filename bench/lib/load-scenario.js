'use strict';
// Shared shape of the load scenarios: each "setup" (a way to reach the servers) starts all
// three servers once, then measures every load level (in flight / connections) on them in
// interleaved rounds, then closes everything it started.
const { SERVER_NAMES } = require('../servers/registry');
const { runRounds } = require('./rounds');

/**
 * @param {object} o
 * @param {string} o.scenario e.g. 'stdio'
 * @param {string} o.cpuScope whose CPU the per-request figure counts
 * @param {{ via: string, levels: number[], title: (level: number) => string, note?: string,
 *   servers?: string[], floor?: string, ratios?: { a: string, b: string, label: string }[],
 *   start: (server: string, budget: object) => Promise<{ warmup(level): Promise, measure(level): Promise<object>, close(): Promise }> }[]} o.setups
 */
async function runLoadScenario({ scenario, cpuScope, setups, budget, reps, log }) {
  const groups = [];
  for (const setup of setups) {
    // Servers start side by side (start-up is not measured here); each one that fails is recorded.
    const names = setup.servers ?? SERVER_NAMES;
    const outcomes = await Promise.allSettled(names.map((server) => setup.start(server, budget)));
    const started = [];
    const setupErrors = [];
    outcomes.forEach((outcome, i) => {
      const server = names[i];
      if (outcome.status === 'fulfilled') started.push({ server, handle: outcome.value });
      else setupErrors.push({ server, runs: [], summary: {}, error: `setup: ${outcome.reason && outcome.reason.message}` });
    });
    try {
      for (const level of setup.levels) {
        const id = `${scenario}/${setup.via}/${level}`;
        log(`  ${id}`);
        const contestants = started.map(({ server, handle }) => ({
          server,
          warmup: () => handle.warmup(level),
          measure: () => handle.measure(level),
        }));
        const results = await runRounds(contestants, reps);
        const group = { id, kind: 'load', title: setup.title(level), cpuScope, results: [...results, ...setupErrors] };
        if (setup.note !== undefined) group.note = setup.note;
        // The report's `CPU ×floor` column and ratio line, for setups whose servers are not armature/sdk/floor.
        if (setup.floor !== undefined) group.floor = setup.floor;
        if (setup.ratios !== undefined) group.ratios = setup.ratios;
        groups.push(group);
      }
    } finally {
      for (const { handle } of started) await handle.close().catch(() => undefined);
    }
  }
  return groups;
}

module.exports = { runLoadScenario };
