import { MODULE_METADATA } from '../metadata/metadata-keys';
import type { ModuleMetadata } from '../modules/module.types';

/**
 * Declares a module: the providers and handlers it owns, the modules it imports and what it
 * exports. The metadata is recorded as given; `Container.create` checks it.
 */
export function Module(metadata: ModuleMetadata = {}): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(MODULE_METADATA, Object.freeze({ ...metadata }), target);
  };
}
