import { builtProjectPerSuite, type BuiltProject } from './built-project';
import { NOTES_HANDLERS } from './notes-handlers';

/** The notes app's entry: its handlers in one module, served over stdio. */
export const NOTES_MAIN = `import 'reflect-metadata';
import { Armature } from '@armature/core';
import { Module } from '@armature/di';
import { Greeter, Notes } from './notes.handlers';

@Module({ providers: [Greeter], handlers: [Notes] })
class NotesModule {}

void Armature.create(NotesModule, { name: 'notes', version: '1.0.0' }).then((app) => app.listen());
`;

/**
 * The notes app (`NOTES_HANDLERS` and `NOTES_MAIN`, class-validator and class-transformer
 * linked), built once for the calling suite: call it in a `describe` body.
 */
export function notesProjectPerSuite(): BuiltProject {
  return builtProjectPerSuite({ 'src/notes.handlers.ts': NOTES_HANDLERS, 'src/main.ts': NOTES_MAIN }, [
    'class-validator',
    'class-transformer',
  ]);
}
