import * as fs from 'node:fs';
import * as path from 'node:path';
import { MANIFEST_FILE_NAME, type Manifest } from './manifest.types';

/** The manifest as written to disk: 2-space JSON with a final newline. */
export function serializeManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * Writes `armature.manifest.json` into a folder when its content changes. An unchanged manifest
 * is not rewritten, but its mtime is refreshed: it now vouches for compiled files that `tsc` may
 * have just re-emitted, and the kernel warns about a manifest older than the code it describes.
 * Returns the file path and whether the content was written.
 */
export function writeManifest(dir: string, manifest: Manifest): { file: string; written: boolean } {
  const file = path.join(dir, MANIFEST_FILE_NAME);
  const text = serializeManifest(manifest);
  let current: string | undefined;
  try {
    current = fs.readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) {
    const now = new Date();
    fs.utimesSync(file, now, now);
    return { file, written: false };
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, text);
  return { file, written: true };
}
