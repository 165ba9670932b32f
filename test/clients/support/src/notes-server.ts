import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { listenHttp } from '@armature/http';
import { ensureManifest } from '@armature/testing';
import { createNotesApp } from '@armature-examples/notes';

/** The built examples/notes entry: what a client spawns to speak stdio. */
export const NOTES_MAIN = require.resolve('@armature-examples/notes');

/** Builds the notes manifest when it is missing (the repository build already writes it). */
export function ensureNotesBuilt(): void {
  ensureManifest(join(dirname(NOTES_MAIN), '../..'));
}

/** Where a client reaches the notes server: a command to spawn, or a Streamable HTTP URL. */
export type NotesEndpoint =
  { readonly kind: 'stdio'; readonly command: string; readonly args: readonly string[] } | { readonly kind: 'http'; readonly url: string };

/** The notes server as one transport serves it; `close` stops whatever was started. */
export interface ServedNotes {
  readonly endpoint: NotesEndpoint;
  close(): Promise<void>;
}

/** stdio: nothing runs until the client spawns `node <notes main>` (on this test's Node). */
export function notesOverStdio(): ServedNotes {
  return { endpoint: { kind: 'stdio', command: process.execPath, args: [NOTES_MAIN] }, close: () => Promise.resolve() };
}

/** A fresh notes app on 127.0.0.1 at a port the OS picks, in sessions mode (the default). */
export async function notesOverHttp(): Promise<ServedNotes> {
  const app = await createNotesApp({ requestStateKey: randomBytes(32) });
  try {
    const http = await listenHttp(app, { host: '127.0.0.1', port: 0 });
    return {
      endpoint: { kind: 'http', url: http.url },
      close: async () => {
        try {
          await http.close(100);
        } finally {
          await app.close();
        }
      },
    };
  } catch (error) {
    await app.close();
    throw error;
  }
}
