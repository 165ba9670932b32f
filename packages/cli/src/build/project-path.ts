import * as fs from 'node:fs';
import * as path from 'node:path';

/** Resolves `-p` (a tsconfig file or a folder holding tsconfig.json) to an absolute tsconfig path. */
export function resolveProject(project: string | undefined, cwd: string = process.cwd()): string {
  const given = path.resolve(cwd, project ?? '.');
  if (fs.existsSync(given) && fs.statSync(given).isDirectory()) return path.join(given, 'tsconfig.json');
  return given;
}

/** A path shown to the user: relative to the working folder when inside it. */
export function displayPath(file: string, cwd: string = process.cwd()): string {
  const relative = path.relative(cwd, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative || '.';
}
