import { createHash } from 'node:crypto';
import type { RateLimitBucket, RateLimitStore } from '@armature/core/ports';
import { RedisConnection, type RedisClient, type RedisConnectionOptions } from './redis-connection';
import { TOKEN_BUCKET } from './rate-limit-script';

/** Options of `RedisRateLimitStore` beyond the connection's. */
export interface RedisRateLimitOptions extends RedisConnectionOptions {
  /**
   * What a limited call does while Redis is unreachable or slower than `rateLimitTimeoutMs`:
   * `'allow'` (default: the call runs unlimited, `onError` hears of the outage once) or
   * `'refuse'` (the call is answered -32603 "The rate limiter is unavailable right now …").
   */
  readonly whenUnavailable?: 'allow' | 'refuse';
  /** Longest a limit check may wait for Redis (ms, default 500). */
  readonly rateLimitTimeoutMs?: number;
}

const SCRIPT_SHA = createHash('sha1').update(TOKEN_BUCKET).digest('hex');
/** Keys longer than this (principals, custom keys) are stored as their SHA-256. */
const MAX_PLAIN_KEY = 128;

/**
 * Core's `RateLimitStore` on Redis: one key per budget (`<prefix>ratelimit:<limit>:<key>`), each
 * check or give-back one `EVALSHA` of an atomic token-bucket script, so a limit holds across
 * every instance sharing the Redis. A budget's key expires once its bucket is full again.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: RedisConnection;
  private readonly refuse: boolean;
  private readonly timeoutMs: number;
  private readonly onError: ((error: Error) => void) | undefined;
  private readonly ownsConnection: boolean;
  private outage = false;

  /** `connection`: share one with other ports (its options win); else the store opens its own. */
  constructor(options: RedisRateLimitOptions, connection?: RedisConnection) {
    this.redis = connection ?? new RedisConnection(options);
    this.ownsConnection = connection === undefined;
    this.refuse = options.whenUnavailable === 'refuse';
    this.timeoutMs = options.rateLimitTimeoutMs ?? 500;
    this.onError = options.onError;
  }

  take(bucket: RateLimitBucket, key: string): Promise<number> {
    return this.spend(bucket, key, 'take');
  }

  async restore(bucket: RateLimitBucket, key: string): Promise<void> {
    await this.spend(bucket, key, 'restore');
  }

  /** Closes the connection if this store opened it (after `app.close()`). */
  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.close();
  }

  private async spend(bucket: RateLimitBucket, key: string, mode: 'take' | 'restore'): Promise<number> {
    const interval = 1 / bucket.ratePerMs;
    const args = [String(interval), String(Math.max(0, bucket.capacity - 1) * interval), mode];
    const redisKey = `${this.redis.prefix}ratelimit:${bucket.limitId}:${key.length > MAX_PLAIN_KEY ? createHash('sha256').update(key).digest('hex') : key}`;
    try {
      const wait = await this.redis.run('The rate limiter', (client) => evalScript(client, [redisKey], args), this.timeoutMs);
      this.outage = false;
      return Number(wait);
    } catch (error) {
      if (this.refuse) throw error;
      // Fail open: report the outage once, not once per call.
      if (!this.outage) this.onError?.(error instanceof Error ? error : new Error(String(error)));
      this.outage = true;
      return 0;
    }
  }
}

/** EVALSHA, loading the script with EVAL the first time a Redis (or a restarted one) lacks it. */
async function evalScript(client: RedisClient, keys: string[], args: string[]): Promise<unknown> {
  try {
    return await client.evalSha(SCRIPT_SHA, { keys, arguments: args });
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
    return client.eval(TOKEN_BUCKET, { keys, arguments: args });
  }
}

/**
 * Rate-limit budgets shared by every instance on one Redis (`rateLimitStore` of `Armature.create`).
 *
 * ```ts
 * const limits = redisRateLimits({ url: process.env.REDIS_URL });
 * const app = await Armature.create(AppModule, { name, version, rateLimitStore: limits });
 * ```
 */
export function redisRateLimits(options: RedisRateLimitOptions): RedisRateLimitStore {
  return new RedisRateLimitStore(options);
}
