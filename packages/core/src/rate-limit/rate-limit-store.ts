/**
 * One rate limit as a store sees it: a token bucket of `capacity` calls refilled at
 * `ratePerMs`, named by `limitId` (`app` for the app-wide limit, `tool:<name>` for a tool's),
 * which is the same on every instance running the same code.
 */
export interface RateLimitBucket {
  readonly limitId: string;
  readonly capacity: number;
  readonly ratePerMs: number;
}

/**
 * Where rate-limit budgets live when several instances must share them (`rateLimitStore` of
 * `Armature.create`; `@armature/redis` provides one). Without a store, budgets are token
 * buckets in the process and a check costs no I/O.
 *
 * A store sees the budgets keyed by a string: principals, `global`, custom keys, and 2025
 * sessions that have an id (Streamable HTTP). Budgets of sessions without an id (stdio,
 * in-memory, WebSocket) stay in the process, where their session is.
 */
export interface RateLimitStore {
  /** Spends one call of `key`'s budget: 0 when it may go, else milliseconds until it may. */
  take(bucket: RateLimitBucket, key: string): Promise<number>;
  /** Gives back the call `take` spent when another limit refused the call. */
  restore(bucket: RateLimitBucket, key: string): Promise<void>;
}
