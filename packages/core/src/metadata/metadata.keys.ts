/**
 * Every reflect-metadata key the application layer uses, in one place. `Symbol.for` so that
 * two copies of @armature/core in one process (a linked workspace, a bundler) still agree.
 */

/** Own metadata on a handler class: the frozen array of its decorated methods. */
export const HANDLER_METHODS = Symbol.for('armature.handler-methods');

/** TypeScript's `emitDecoratorMetadata` key for a method's parameter types. */
export const DESIGN_PARAM_TYPES = 'design:paramtypes';

/** `@UseGuards`: own metadata on a class, or on a prototype for one method; an array of guards. */
export const GUARDS = Symbol.for('armature.guards');

/** `@UseInterceptors`: like `GUARDS`, an array of interceptors. */
export const INTERCEPTORS = Symbol.for('armature.interceptors');

/** `@RequireScopes`: like `GUARDS`, an array of OAuth scope strings. */
export const REQUIRED_SCOPES = Symbol.for('armature.required-scopes');

/** `@RateLimit`: on a class or method, a `RateLimitOptions` object or `false`. */
export const RATE_LIMIT = Symbol.for('armature.rate-limit');
