/**
 * The notes server with many notes, as a user would run it after filling it: `app.listen()`
 * in a child process, serving what its command line asks (`--stdio`, `--http 127.0.0.1:0`,
 * `--ws 127.0.0.1:0`). Environment: NOTES (how many notes to add, default 3000), DRAIN_MS
 * (the app's drain window), PROGRESS_PER_SECOND (the progress rate cap, when set).
 */
import 'reflect-metadata';
import { createNotesApp } from '../../src/main';
import { NoteStore } from '../../src/note.store';

function numberFrom(name: string): number | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : Number(value);
}

async function main(): Promise<void> {
  const drainMs = numberFrom('DRAIN_MS');
  const maxProgressPerSecond = numberFrom('PROGRESS_PER_SECOND');
  const app = await createNotesApp({
    ...(drainMs === undefined ? {} : { drainMs }),
    ...(maxProgressPerSecond === undefined ? {} : { maxProgressPerSecond }),
  });
  const store = app.get(NoteStore);
  const notes = numberFrom('NOTES') ?? 3000;
  for (let i = 1; i <= notes; i++) store.create(`Note ${i}`, `The body of note ${i}, about nothing much.`, ['seeded']);
  await app.listen(process.argv.slice(2));
  process.stderr.write(`seeded-notes: serving ${notes} notes\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`seeded-notes failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
