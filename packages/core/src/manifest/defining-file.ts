/**
 * Finds the compiled file that defines a class: the loaded CommonJS module whose exports hold
 * the class as a data property. Re-exports (`export … from`) are compiled to getters, so
 * requiring a data property picks the defining module over index files, and no getter of an
 * unrelated module is ever invoked. Undefined for classes that are not exported or come from ESM.
 */
export function findDefiningFile(cls: object): string | undefined {
  for (const mod of Object.values(require.cache)) {
    if (!mod) continue;
    const exported: unknown = mod.exports;
    if (exported === cls) return mod.filename;
    if (typeof exported !== 'object' || exported === null) continue;
    try {
      for (const key of Object.keys(exported)) {
        const descriptor = Object.getOwnPropertyDescriptor(exported, key);
        if (descriptor && 'value' in descriptor && descriptor.value === cls) return mod.filename;
      }
    } catch {
      // A module exporting a Proxy may throw on inspection; it cannot be the class's file.
    }
  }
  return undefined;
}
