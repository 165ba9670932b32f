import 'reflect-metadata';
import { Armature } from '@armature/core';
import { BenchModule } from './bench.module';

/**
 * Builds the Armature benchmark app; its schemas come from `armature build`'s manifest.
 * `BENCH_MAX_PROGRESS_PER_SECOND` sets the app's progress pacing (`Infinity`: off), to measure
 * what pacing costs on the hot path; unset, the app runs with the defaults.
 */
export function createBenchApp(): Promise<Armature> {
  // The project is built without Node's types: the environment is read through globalThis.
  const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;
  const pacing = env?.BENCH_MAX_PROGRESS_PER_SECOND;
  return Armature.create(BenchModule, {
    name: 'armature-bench',
    version: '1.0.0',
    ...(pacing === undefined || pacing === '' ? {} : { maxProgressPerSecond: Number(pacing) }),
  });
}
