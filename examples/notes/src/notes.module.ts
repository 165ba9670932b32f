import { Module } from '@armature/di';
import { NoteStore } from './note.store';
import { NotesHandlers } from './notes.handlers';

/** The notes server: one store, one handler class. */
@Module({ providers: [NoteStore], handlers: [NotesHandlers] })
export class NotesModule {}
