'use strict';
// How long and how many: every load run stops at whichever bound it reaches first.
// Quick mode (CI, `--quick`) keeps the whole suite under a minute.

const FULL = {
  inFlight1: { maxRequests: 20_000, maxMs: 1500 },
  inFlightMany: { maxRequests: 100_000, maxMs: 2000 },
  warmup: { maxRequests: 3000, maxMs: 500 },
  httpSeconds: 3,
  httpConnections: [1, 32],
  startupRepeats: 5,
  warmListCalls: 200,
  idlePauseMs: 1000, // start-up: the pause before the after-idle first calls
  sessions: 1000,
  buildSizes: [10, 100, 500],
};

const QUICK = {
  inFlight1: { maxRequests: 20_000, maxMs: 250 },
  inFlightMany: { maxRequests: 10_000, maxMs: 300 },
  warmup: { maxRequests: 500, maxMs: 150 },
  httpSeconds: 1, // autocannon's shortest run
  httpConnections: [32], // the level the targets name; each autocannon run costs ≥ 1 s
  startupRepeats: 1,
  warmListCalls: 30,
  idlePauseMs: 200,
  sessions: 200,
  buildSizes: [10],
};

/** The bounds for `inFlight` requests outstanding. */
function loadBounds(budget, inFlight) {
  return inFlight === 1 ? budget.inFlight1 : budget.inFlightMany;
}

module.exports = { budgetFor: (quick) => (quick ? QUICK : FULL), loadBounds };
