import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';

// The option shapes are declared with the other author options (metadata/option-shapes.ts).
import type { RateLimitOptions } from '../metadata/option-shapes';
export type { RateLimitKey, RateLimitOptions } from '../metadata/option-shapes';

/** Checks rate-limit options; throws `ARM_ERR_INVALID_RATE_LIMIT` naming `where`. */
export function checkRateLimitOptions(options: unknown, where: string): RateLimitOptions {
  const fail = (why: string): never => {
    throw new ArmatureError(
      LocalErrorCode.INVALID_RATE_LIMIT,
      `${where}: rate limit ${why}. Example: { limit: 10, windowMs: 60_000, per: 'session' }.`,
    );
  };
  if (typeof options !== 'object' || options === null) return fail('must be an object');
  const o = options as Record<string, unknown>;
  const positive = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;
  if (!positive(o.limit)) fail(`"limit" must be a positive number, got ${String(o.limit)}`);
  if (!positive(o.windowMs)) fail(`"windowMs" must be a positive number of milliseconds, got ${String(o.windowMs)}`);
  if (o.burst !== undefined && !(positive(o.burst) && (o.burst as number) >= 1))
    fail(`"burst" must be a number of at least 1, got ${JSON.stringify(o.burst)}`);
  const per = o.per;
  if (per !== undefined && per !== 'session' && per !== 'principal' && per !== 'global' && typeof per !== 'function') {
    fail(`"per" must be 'session', 'principal', 'global' or a function, got ${JSON.stringify(per)}`);
  }
  return o as unknown as RateLimitOptions;
}
