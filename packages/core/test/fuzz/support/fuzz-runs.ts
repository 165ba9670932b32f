/**
 * How many cases each property runs. CI keeps the defaults (the whole fuzz suite in a few
 * seconds); `ARMATURE_FUZZ_RUNS=100000 npm test` runs a long campaign, and every timeout
 * scales with it.
 */
export function fuzzRuns(defaultRuns: number): number {
  const raw = process.env.ARMATURE_FUZZ_RUNS;
  const asked = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isSafeInteger(asked) && asked > 0 ? asked : defaultRuns;
}

/** A mocha timeout for `runs` cases at roughly `msPerRun` each, never below 20 s. */
export function fuzzTimeout(runs: number, msPerRun: number): number {
  return Math.max(20_000, Math.ceil(runs * msPerRun * 4));
}

/** A fixed seed when `ARMATURE_FUZZ_SEED` is set (to replay a failure); fast-check picks one otherwise. */
export function fuzzSeed(): { seed?: number } {
  const raw = process.env.ARMATURE_FUZZ_SEED;
  return raw === undefined || raw === '' ? {} : { seed: Number(raw) };
}
