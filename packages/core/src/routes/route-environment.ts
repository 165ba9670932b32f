import type { ServerLogger } from '../logging/server-logger';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { SchemaCompiler } from '../validation/schema-compiler';
import type { RouteEnhancers } from './route-pipeline';
import type { RouteSource } from './route-source';

/**
 * What routes get besides their handler: guards and interceptors, required scopes and rate
 * limits, resolved once per route at boot. Every answer is `null` when the route has none,
 * so the compiled route skips that step entirely.
 */
export interface RoutePolicy {
  /** Serve routes that require scopes to callers nobody authenticated (stdio, in-memory). */
  readonly allowUnauthenticated: boolean;
  /** The app-wide rate limit shared by every tool call (`rateLimit` of `Armature.create`). */
  readonly globalLimiter: RateLimiter | null;
  /** Guards and interceptors: global, then the class's, then the method's. Throws `ArmatureError`. */
  enhancers(source: RouteSource): RouteEnhancers | null;
  /** Scopes from the `scopes` option and `@RequireScopes` (class and method). Throws `ArmatureError`. */
  scopes(source: RouteSource): readonly string[] | null;
  /** The tool's own rate limit (`rateLimit` option or `@RateLimit`), and whether it opted out of the global one. */
  toolLimit(source: RouteSource, toolName: string): { readonly limiter: RateLimiter | null; readonly exempt: boolean };
}

/** A policy with nothing in it. */
export const NO_POLICY: RoutePolicy = Object.freeze({
  allowUnauthenticated: false,
  globalLimiter: null,
  enhancers: () => null,
  scopes: () => null,
  toolLimit: () => Object.freeze({ limiter: null, exempt: false }),
});

/** What compiling a route needs: one schema compiler per app, the server log, the route policy. */
export interface RouteEnvironment {
  readonly compiler: SchemaCompiler;
  readonly logger: ServerLogger;
  readonly policy: RoutePolicy;
}
