import { resolve } from 'node:path';

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
 * Drops the changed compiled files from `require.cache`, and every loaded module that requires
 * one of them (directly or not), so that requiring again loads the new code consistently: no
 * module keeps a class from before the change. `keep` (the process entry, which has done its
 * work and must not run twice) stays; when it changed itself, this throws. Returns the dropped files.
 */
export function dropChangedModules(changedFiles: readonly string[], keep: string | undefined): string[] {
  const dependents = new Map<string, Set<string>>();
  for (const mod of Object.values(require.cache)) {
    if (!mod) continue;
    for (const child of mod.children) {
      let parents = dependents.get(child.filename);
      if (!parents) dependents.set(child.filename, (parents = new Set()));
      parents.add(mod.filename);
    }
  }
  const changed = changedFiles.map((file) => resolve(file)).filter((file) => require.cache[file] !== undefined);
  if (keep !== undefined && changed.includes(keep)) throw new Error(`${keep} (the process entry) changed and cannot be loaded twice`);
  const dropped = new Set<string>();
  const stack = [...changed];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (dropped.has(file) || file === keep) continue;
    dropped.add(file);
    stack.push(...(dependents.get(file) ?? []));
  }
  for (const file of dropped) delete require.cache[file];
  return [...dropped];
}
