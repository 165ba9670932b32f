import * as fs from 'node:fs';
import * as path from 'node:path';
import { MANIFEST_FILE_NAME } from '@armature/schema';
import { PackError } from './pack-error';

/**
 * The manifest of each project whose files were packed (the nearest above each input file, not
 * past its package root), the entry's first: where core looks packed handler classes up.
 */
export function packedManifests(entry: string, inputs: readonly string[]): string[] {
  const byDir = new Map<string, string | undefined>();
  const found = new Set<string>();
  const entryManifest = nearestManifest(path.dirname(entry), byDir);
  if (entryManifest !== undefined) found.add(entryManifest);
  for (const input of inputs) {
    // esbuild names inputs relative to its working directory; virtual ones have a namespace prefix.
    if (/^[a-z-]+:/.test(input) && !path.isAbsolute(input)) continue;
    const manifest = nearestManifest(path.dirname(path.resolve(input)), byDir);
    if (manifest !== undefined) found.add(manifest);
  }
  return [...found];
}

/** Refuses two handler classes of one name: packed, they could only be told apart by their files. */
export function checkClassNames(manifests: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const file of manifests) {
    let handlers: Record<string, { className?: unknown }>;
    try {
      handlers = (JSON.parse(fs.readFileSync(file, 'utf8')) as { handlers?: Record<string, { className?: unknown }> }).handlers ?? {};
    } catch (error) {
      throw new PackError(`${file}: cannot read it (${(error as Error).message}); run armature build again.`);
    }
    for (const [key, handler] of Object.entries(handlers)) {
      const name = typeof handler.className === 'string' ? handler.className : key.slice(key.lastIndexOf('#') + 1);
      const where = `${path.relative(process.cwd(), file)} (${key})`;
      const other = seen.get(name);
      if (other !== undefined)
        throw new PackError(
          `two handler classes are named ${name}: ${other} and ${where}. A packed app finds each handler class's schemas by its name; rename one.`,
        );
      seen.set(name, where);
    }
  }
}

/** The nearest manifest above `dir`, not past its package root (cached per folder visited). */
function nearestManifest(dir: string, byDir: Map<string, string | undefined>): string | undefined {
  const visited: string[] = [];
  let found: string | undefined;
  for (let current = dir; ;) {
    if (byDir.has(current)) {
      found = byDir.get(current);
      break;
    }
    visited.push(current);
    const candidate = path.join(current, MANIFEST_FILE_NAME);
    if (fs.existsSync(candidate)) {
      found = candidate;
      break;
    }
    const parent = path.dirname(current);
    if (fs.existsSync(path.join(current, 'package.json')) || parent === current) break;
    current = parent;
  }
  for (const visitedDir of visited) byDir.set(visitedDir, found);
  return found;
}
