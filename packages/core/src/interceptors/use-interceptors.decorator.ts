import { appendOn, type ClassOrMethodDecorator } from '../metadata/enhancer-metadata';
import { INTERCEPTORS } from '../metadata/metadata.keys';
import type { Interceptor } from './interceptor';

/** An interceptor class (resolved through DI at boot) or an interceptor instance. */
export type InterceptorRef = (abstract new (...args: never[]) => Interceptor) | Interceptor;

/**
 * Wraps every route of a class, or one method, with interceptors (NestJS's
 * `@UseInterceptors`). Classes are resolved through the DI container at boot, like guards.
 *
 * @example
 * ```ts
 * @UseInterceptors(Timing)
 * class NotesHandlers { … }
 * ```
 */
export function UseInterceptors(...interceptors: InterceptorRef[]): ClassOrMethodDecorator {
  return appendOn(INTERCEPTORS, interceptors);
}
