import { createHash } from 'node:crypto';

/** A source file that contributes to a manifest. */
export interface HashedSource {
  /** Path relative to the project folder, `/`-separated (so the hash does not depend on where the project lives). */
  readonly path: string;
  readonly text: string;
}

/** `sha256-<hex>` over the sources' paths and texts, in path order. */
export function hashSources(sources: readonly HashedSource[]): string {
  const hash = createHash('sha256');
  for (const source of [...sources].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(source.path).update('\0').update(source.text).update('\0');
  }
  return `sha256-${hash.digest('hex')}`;
}
