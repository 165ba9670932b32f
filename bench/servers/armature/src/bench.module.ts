import { Module } from '@armature/di';
import { AddHandlers } from './add.handlers';

/** The benchmark server: only `add`. */
@Module({ handlers: [AddHandlers] })
export class BenchModule {}
