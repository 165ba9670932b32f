'use strict';
// Every wait in the benchmark has a time limit: a hung server fails its scenario, never the machine.

/** Resolves or rejects with `promise`, or rejects after `ms` naming `what`. */
function withTimeout(promise, ms, what) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

module.exports = { withTimeout, sleep };
