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

/** The `@Module` metadata recorded on the class itself, if any. */
export function moduleMetadata(target: unknown): ModuleMetadata | undefined {
  if (typeof target !== 'function') return undefined;
  return Reflect.getOwnMetadata(MODULE_METADATA, target) as ModuleMetadata | undefined;
}
