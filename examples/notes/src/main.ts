import 'reflect-metadata';
// Lets `app.listen()` serve `--http [host:]port` and `--ws [host:]port` (stdio needs nothing).
import '@armature/http/register';
import '@armature/ws/register';
import { Armature, type ArmatureOptions } from '@armature/core';
import { NotesModule } from './notes.module';

/**
 * Builds the notes server (used by tests too, which may pass more options: a logger, the
 * `requestStateKey` that several instances behind one HTTP endpoint must share…).
 */
export function createNotesApp(options: Partial<ArmatureOptions> = {}): Promise<Armature> {
  return Armature.create(NotesModule, {
    name: 'armature-notes',
    version: '0.1.0',
    title: 'Notes',
    description: 'A small note-taking server built with Armature.',
    instructions: "Use search to find notes, read notes://{id} for a note's text, and create/update/delete to change them.",
    ...options,
  });
}

if (require.main === module) {
  createNotesApp()
    .then((app) => app.listen())
    .catch((error: unknown) => {
      process.stderr.write(`notes server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}

// For servers built on the notes (examples/cluster serves them on many instances).
export { NotesModule } from './notes.module';
