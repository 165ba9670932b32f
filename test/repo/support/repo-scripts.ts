import { join } from 'node:path';

/** The repository root (this file compiles to test/dist/repo/support/). */
export const REPO_ROOT = join(__dirname, '..', '..', '..', '..');

/** A plain-JS repository script's exports, typed by the caller (the scripts have no declarations). */
export function loadScript<T>(relativePath: string): T {
  return require(join(REPO_ROOT, relativePath)) as T;
}
