import * as fs from 'node:fs';
import * as path from 'node:path';
import { MANIFEST_FILE_NAME, type Manifest } from './manifest.types';

/** The manifest as written to disk: 2-space JSON with a final newline. */
export function serializeManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * Writes `armature.manifest.json` into a folder, only when its content changes (an unchanged
 * manifest keeps its mtime, so watchers do not restart servers for nothing).
 * Returns the file path and whether it was written.
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
  if (current === text) return { file, written: false };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, text);
  return { file, written: true };
}
