import type { ExecutionContext } from './execution-context';

/**
 * A guard decides whether a call may run (NestJS's `CanActivate`). Return `true` to let it
 * through; `false` refuses it with a default message, or throw a `ForbiddenError` to say why
 * (its message is sent to the client). Guards run after argument validation, before
 * interceptors and the handler, in the order global → class → method.
 *
 * @example
 * ```ts
 * @Injectable()
 * class AdminOnly implements CanActivate {
 *   canActivate(context: ExecutionContext): boolean {
 *     return context.authInfo?.extra?.role === 'admin';
 *   }
 * }
 * ```
 */
export interface CanActivate {
  canActivate(context: ExecutionContext): boolean | Promise<boolean>;
}

/** True for an object with a `canActivate` method. */
export function isGuard(value: unknown): value is CanActivate {
  return typeof value === 'object' && value !== null && typeof (value as { canActivate?: unknown }).canActivate === 'function';
}
