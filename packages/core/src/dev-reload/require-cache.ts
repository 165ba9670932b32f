import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/** Where a value is exported from: the CommonJS module file, and the export's name. */
export interface ExportLocation {
  readonly file: string;
  readonly name: string;
}

/**
 * The loaded CommonJS module that exports `value` as a data property (re-exports compile to
 * getters, so the defining module wins, and no getter is invoked). Undefined for values that
 * are not exported, or come from ESM.
 */
export function locateExport(value: unknown): ExportLocation | undefined {
  for (const mod of Object.values(require.cache)) {
    const exported: unknown = mod?.exports;
    if (!mod || typeof exported !== 'object' || exported === null) continue;
    try {
      for (const name of Object.keys(exported)) {
        const descriptor = Object.getOwnPropertyDescriptor(exported, name);
        if (descriptor && 'value' in descriptor && descriptor.value === value) return { file: mod.filename, name };
      }
    } catch {
      // A module exporting a Proxy may throw on inspection; it cannot be the one.
    }
  }
  return undefined;
}

/**
 * The folder of the package that holds `file` (the nearest one with a package.json), or the
 * file's own folder when there is none.
 */
export function packageRootOf(file: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return dirname(file);
  }
}

/**
 * Drops the changed compiled files from `require.cache`, and every loaded module that requires
 * one of them (directly or not), so that requiring again loads the new code consistently: no
 * module keeps a class from before the change. `keep` (the process entry, which has done its
 * work and must not run twice) stays; when it changed itself, this throws. Only modules of the
 * app's own package (`within`, outside node_modules) are dropped or followed: walking up through
 * a loader shared with other code (a test runner, a host process) would otherwise drop modules
 * of unrelated packages whose classes are still in use. Returns the dropped files.
 */
export function dropChangedModules(changedFiles: readonly string[], keep: string | undefined, within: string): string[] {
  const prefix = within.endsWith(sep) ? within : within + sep;
  const inScope = (file: string): boolean => file.startsWith(prefix) && !file.includes(`${sep}node_modules${sep}`);
  const dependents = new Map<string, Set<string>>();
  for (const mod of Object.values(require.cache)) {
    if (!mod) continue;
    for (const child of mod.children) {
      let parents = dependents.get(child.filename);
      if (!parents) dependents.set(child.filename, (parents = new Set()));
      parents.add(mod.filename);
    }
  }
  const changed = changedFiles.map((file) => resolve(file)).filter((file) => require.cache[file] !== undefined && inScope(file));
  if (keep !== undefined && changed.includes(keep)) throw new Error(`${keep} (the process entry) changed and cannot be loaded twice`);
  const dropped = new Set<string>();
  const stack = [...changed];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (dropped.has(file) || file === keep || !inScope(file)) continue;
    dropped.add(file);
    stack.push(...(dependents.get(file) ?? []));
  }
  for (const file of dropped) delete require.cache[file];
  return [...dropped];
}
