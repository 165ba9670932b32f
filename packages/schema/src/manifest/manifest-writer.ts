import * as fs from 'node:fs';
import * as path from 'node:path';
import { toManifestDocument } from './manifest-document';
import { MANIFEST_FILE_NAME, type Manifest, type ManifestDocument } from './manifest.types';

/**
 * The manifest as written to disk: its {@link ManifestDocument} (each distinct schema once) as
 * compact JSON with a final newline. Compact because the runtime parses it at every start-up
 * (1,001 tools: 2 MB pretty-printed and written out per tool, ~15 ms to parse); `armature
 * inspect --verbose` prints it readably.
 */
export function serializeManifest(manifest: Manifest): string {
  return serializeDocument(toManifestDocument(manifest));
}

function serializeDocument(document: ManifestDocument): string {
  return `${JSON.stringify(document)}\n`;
}

/**
 * Writes `armature.manifest.json` into a folder when its content changes. An unchanged manifest
 * is not rewritten, but its mtime is refreshed: it now vouches for compiled files that `tsc` may
 * have just re-emitted, and the kernel warns about a manifest older than the code it describes.
 * Returns the file path, whether the content was written, and the document it holds.
 */
export function writeManifest(dir: string, manifest: Manifest): { file: string; written: boolean; document: ManifestDocument } {
  const file = path.join(dir, MANIFEST_FILE_NAME);
  const document = toManifestDocument(manifest);
  const text = serializeDocument(document);
  let current: string | undefined;
  try {
    current = fs.readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) {
    const now = new Date();
    fs.utimesSync(file, now, now);
    return { file, written: false, document };
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, text);
  return { file, written: true, document };
}
