import { Module } from '@armature/di';
import { TallyHandlers } from './tally.handlers';

/** The word-tally MCP App. */
@Module({ handlers: [TallyHandlers] })
export class WordTallyModule {}
