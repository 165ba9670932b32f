import * as fs from 'node:fs';
import * as path from 'node:path';
import { hashSources } from '@armature/schema';

/**
 * The scanner's `sourceHash` recomputed from a tsconfig's own sources (its `fileNames`, no
 * declaration files). A program may hold more sources than the tsconfig lists (workspace
 * sources reached through `paths`); then the hashes differ and the project counts as changed,
 * which costs a rescan but is never wrong.
 */
export function currentSourceHash(projectDir: string, fileNames: readonly string[]): string {
  const sources = fileNames
    .filter((name) => /\.[cm]?tsx?$/.test(name) && !/\.d\.[cm]?ts$/.test(name))
    .map((name) => ({ path: path.relative(projectDir, name).split(path.sep).join('/'), text: fs.readFileSync(name, 'utf8') }));
  return hashSources(sources);
}
