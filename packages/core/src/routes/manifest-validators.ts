import { join } from 'node:path';
import type { ManifestFile } from '../manifest/manifest-file';
import { PrecompiledValidators, VALIDATORS_FILE_NAME } from '../validation/precompiled-validators';

/** One load per manifest read: every handler class of a manifest shares its validators file. */
const loaded = new WeakMap<ManifestFile, PrecompiledValidators | null>();

/**
 * The validators `armature build` precompiled next to `manifest` (`armature.validators.js`),
 * or undefined when there are none usable. Keyed by the read, not the path: a dev reload
 * re-reads the manifest and so the freshly written validators too.
 */
export function validatorsBeside(manifest: ManifestFile, warn: (message: string) => void): PrecompiledValidators | undefined {
  let validators = loaded.get(manifest);
  if (validators === undefined) {
    validators = PrecompiledValidators.load(join(manifest.dir, VALIDATORS_FILE_NAME), warn, manifest) ?? null;
    loaded.set(manifest, validators);
  }
  return validators ?? undefined;
}
