import type { RequestContext } from '../context/request-context';

// The shapes of author options that other folders implement (rate limits, tasks, cache hints,
// schema extension). They are declared here, with the option types that use them, so the
// metadata folder depends on no feature folder; each feature file re-exports its own.

/** Whether a tool runs as a task: never (default), when the client can take one, or always. */
export type TaskSupport = 'forbidden' | 'optional' | 'required';

/**
 * `@Tool({ task })` in full: the support, and when the task starts — `'call'` (default: before
 * the handler runs) or `'handler'` (when the handler calls `ctx.startTask()`, so that it can
 * ask its questions with the request first).
 */
export interface TaskPolicy {
  readonly support: 'optional' | 'required';
  readonly start?: 'call' | 'handler';
}

/** A caching hint on a 2026 result (MCP 2026-07-28, CacheableResult `ttlMs` + `cacheScope`). */
export interface CacheHint {
  /** How long a client may reuse the result, in ms; 0 means re-fetch every time. */
  readonly ttlMs: number;
  /**
   * `private`: only within the same authorization context (the safe choice when results
   * depend on who asks, as filtered lists do); `public`: any client or shared cache may reuse it.
   */
  readonly scope: 'public' | 'private';
}

/**
 * Whose budget a call spends: `session` (each MCP session its own, the default), `principal`
 * (`authInfo.clientId`, plus `authInfo.extra.sub` when it is a string; unauthenticated calls
 * fall back to their session), `global` (one budget for everyone), or a function returning
 * the key (calls with equal keys share a budget).
 */
export type RateLimitKey = 'session' | 'principal' | 'global' | ((ctx: RequestContext) => string);

/**
 * A token bucket: `limit` calls per `windowMs`, refilled continuously, with bursts of up to
 * `burst` calls (default `limit`). `{ limit: 10, windowMs: 60_000 }` allows 10 calls at once,
 * then one every 6 seconds.
 */
export interface RateLimitOptions {
  /** Calls allowed per window (a positive number). */
  readonly limit: number;
  /** The window in milliseconds (a positive number). */
  readonly windowMs: number;
  /** Most calls at once; default `limit`. At least 1. */
  readonly burst?: number;
  /** Whose budget; default `session`. */
  readonly per?: RateLimitKey;
}

/**
 * A JSON Schema fragment deep-merged into a tool's generated input schema
 * (`@Tool({ extendInputSchema })`): schema objects merge keyword by keyword, `required` and
 * `allOf` gain the extension's entries, new keywords are added, and any other value must equal
 * the generated one.
 */
export type JsonSchemaExtension = { readonly [keyword: string]: unknown };

/** Tool parameters mirrored into `Mcp-Param-<name>` HTTP headers: parameter name → header name. */
export type HeaderParameters = { readonly [parameter: string]: string };
