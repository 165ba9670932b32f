/**
 * Finds the compiled file that defines a class: the loaded CommonJS module whose exports hold
 * the class as a data property. Re-exports (`export … from`) are compiled to getters, so
 * requiring a data property picks the defining module over index files, and no getter of an
 * unrelated module is ever invoked. Undefined for classes that are not exported or come from ESM.
 *
 * One scan of `require.cache` indexes every exported class, so a boot with many handler
 * classes scans once, not once per class. A class the index does not know (its module was
 * loaded later, or a dev reload replaced it) rescans; a known one is checked against its
 * module's current exports before it is trusted.
 */
export function findDefiningFile(cls: object): string | undefined {
  const known = index.get(cls);
  if (known !== undefined && exportsAsData(require.cache[known]?.exports, cls)) return known;
  index = indexLoadedModules();
  return index.get(cls);
}

let index = new WeakMap<object, string>();

/** Every class (function) exported as a data property, by the first loaded module that does. */
function indexLoadedModules(): WeakMap<object, string> {
  const found = new WeakMap<object, string>();
  const add = (value: unknown, file: string): void => {
    if (typeof value === 'function' && !found.has(value)) found.set(value, file);
  };
  for (const mod of Object.values(require.cache)) {
    if (!mod) continue;
    const exported: unknown = mod.exports;
    add(exported, mod.filename);
    if (typeof exported !== 'object' || exported === null) continue;
    try {
      for (const key of Object.keys(exported)) {
        const descriptor = Object.getOwnPropertyDescriptor(exported, key);
        if (descriptor && 'value' in descriptor) add(descriptor.value, mod.filename);
      }
    } catch {
      // A module exporting a Proxy may throw on inspection; it cannot be a class's file.
    }
  }
  return found;
}

/** Whether a module's exports are `cls` or hold it as a data property. */
function exportsAsData(exported: unknown, cls: object): boolean {
  if (exported === cls) return true;
  if (typeof exported !== 'object' || exported === null) return false;
  try {
    return Object.keys(exported).some((key) => {
      const descriptor = Object.getOwnPropertyDescriptor(exported, key);
      return descriptor !== undefined && 'value' in descriptor && descriptor.value === cls;
    });
  } catch {
    return false;
  }
}
