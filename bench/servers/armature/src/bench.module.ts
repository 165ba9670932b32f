import { Module } from '@armature/di';
import { AddHandlers } from './add.handlers';


/** Generated: add plus the lookup tools. */
@Module({ handlers: [AddHandlers, ] })
export class BenchModule {}
