import { Module } from '@armature/di';
import { GreeterHandlers } from './greeter.handlers';

@Module({ handlers: [GreeterHandlers] })
export class GreeterModule {}
