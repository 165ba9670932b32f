import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { scanProject, writeManifest } from '@armature/schema';

const PROJECT_DIR = join(__dirname, '../../..');
const MANIFEST = join(PROJECT_DIR, 'dist/armature.manifest.json');
const HANDLERS = join(PROJECT_DIR, 'dist/src/notes.tools.js');

/**
 * `npm run build` (armature build) writes the manifest; a plain `tsc -b` of the monorepo does
 * not. So that the test runs either way, scan the sources as `armature build` does when the
 * manifest is missing or older than the compiled handlers.
 */
export function ensureManifest(): void {
  if (existsSync(MANIFEST) && statSync(MANIFEST).mtimeMs >= statSync(HANDLERS).mtimeMs) return;
  const scan = scanProject(join(PROJECT_DIR, 'tsconfig.json'));
  if (scan.problems.length > 0) throw new Error(`armature build problems:\n${scan.problems.map((p) => JSON.stringify(p)).join('\n')}`);
  writeManifest(scan.manifestDir, scan.manifest);
}
