import { ArmatureError } from '@armature/di';
import type { RequestContext } from '../context/request-context';
import { LocalErrorCode } from '../errors/local-error-codes';

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

/** Checks rate-limit options; throws `ARM_ERR_INVALID_RATE_LIMIT` naming `where`. */
export function checkRateLimitOptions(options: unknown, where: string): RateLimitOptions {
  const fail = (why: string): never => {
    throw new ArmatureError(LocalErrorCode.INVALID_RATE_LIMIT, `${where}: rate limit ${why}. Example: { limit: 10, windowMs: 60_000, per: 'session' }.`);
  };
  if (typeof options !== 'object' || options === null) return fail('must be an object');
  const o = options as Record<string, unknown>;
  const positive = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;
  if (!positive(o.limit)) fail(`"limit" must be a positive number, got ${String(o.limit)}`);
  if (!positive(o.windowMs)) fail(`"windowMs" must be a positive number of milliseconds, got ${String(o.windowMs)}`);
  if (o.burst !== undefined && !(positive(o.burst) && (o.burst as number) >= 1)) fail(`"burst" must be a number of at least 1, got ${JSON.stringify(o.burst)}`);
  const per = o.per;
  if (per !== undefined && per !== 'session' && per !== 'principal' && per !== 'global' && typeof per !== 'function') {
    fail(`"per" must be 'session', 'principal', 'global' or a function, got ${JSON.stringify(per)}`);
  }
  return o as unknown as RateLimitOptions;
}
