import 'reflect-metadata';
// Lets `app.listen()` serve `--http [host:]port` and `--ws [host:]port` (stdio needs nothing).
import '@armature/http/register';
import '@armature/ws/register';
import { Armature, type ArmatureOptions } from '@armature/core';
import { JsonLinesAuditSink } from '@armature/core/observability';
import { NotesModule } from './notes.module';

/**
 * Builds the notes server (used by tests too, which may pass more options: a logger, the
 * `requestStateKey` that several instances behind one HTTP endpoint must share, an audit sink…).
 * `NOTES_AUDIT_LOG=<file>` appends an audit record per tool call, resource read and prompt to
 * that file, with note bodies redacted (they are marked sensitive in the handlers).
 */
export function createNotesApp(options: Partial<ArmatureOptions> = {}): Promise<Armature> {
  const auditLog = process.env.NOTES_AUDIT_LOG;
  return Armature.create(NotesModule, {
    name: 'armature-notes',
    version: '0.1.0',
    title: 'Notes',
    description: 'A small note-taking server built with Armature.',
    instructions: "Use search to find notes, read notes://{id} for a note's text, and create/update/delete to change them.",
    ...(auditLog ? { audit: new JsonLinesAuditSink({ file: auditLog }) } : {}),
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
