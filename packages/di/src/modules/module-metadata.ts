import { MODULE_METADATA } from '../metadata/metadata-keys';
import type { ModuleMetadata } from './module.types';

/** The `@Module` metadata recorded on the class itself, if any. */
export function moduleMetadata(target: unknown): ModuleMetadata | undefined {
  if (typeof target !== 'function') return undefined;
  return Reflect.getOwnMetadata(MODULE_METADATA, target) as ModuleMetadata | undefined;
}
