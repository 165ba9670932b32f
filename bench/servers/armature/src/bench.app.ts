import 'reflect-metadata';
import { Armature } from '@armature/core';
import { BenchModule } from './bench.module';

/** Builds the Armature benchmark app; its schemas come from `armature build`'s manifest. */
export function createBenchApp(): Promise<Armature> {
  return Armature.create(BenchModule, { name: 'armature-bench', version: '1.0.0' });
}
