import { setMetadataOn, type ClassOrMethodDecorator } from '../metadata/enhancer-metadata';

/**
 * Records a value a guard or interceptor reads back with `context.getMetadata(key)` (method
 * first, then class), like NestJS's `SetMetadata`.
 *
 * @example
 * ```ts
 * const Roles = (...roles: string[]) => SetMetadata('roles', roles);
 * ```
 */
export function SetMetadata(key: string | symbol, value: unknown): ClassOrMethodDecorator {
  return setMetadataOn(key, value);
}
