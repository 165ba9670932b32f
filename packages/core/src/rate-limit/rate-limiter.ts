import type { RequestContext } from '../context/request-context';
import type { RateLimitKey, RateLimitOptions } from './rate-limit.options';
import type { RateLimitBucket, RateLimitStore } from './rate-limit-store';
import { type Clock, monotonicClock, TokenBucket } from './token-bucket';
import { servedEnvelopeVersions } from '../kernel/served-envelope-versions';
import { principalKey } from '../context/principal';

/** Most string-keyed buckets kept before full ones are forgotten (a full bucket is the same as none). */
const DEFAULT_MAX_KEYS = 10_000;

/**
 * The budget a request without a session spends where a limit names the session (`per:
 * 'session'`, or `'principal'` for an anonymous caller): an MCP 2026-07-28 request has no
 * session, and a bucket per request would limit nothing. Its principal's, else its client
 * address's, else one budget for every such caller (an app served over stdio has one client).
 * The NUL-prefixed keys cannot collide with a principal's client id.
 */
function sessionlessKey(ctx: RequestContext): string {
  const principal = principalKey(ctx.authInfo);
  if (principal !== undefined) return `\u0000principal:${principal}`;
  const address = ctx.requestInfo?.remoteAddress;
  return address === undefined ? '\u0000anonymous' : `\u0000address:${address}`;
}

/** Whether `ctx` is a request without a session (MCP 2026-07-28, or an added revision: its revision lives in the request's envelope). */
function isSessionless(ctx: RequestContext): boolean {
  return servedEnvelopeVersions().includes(ctx.session.protocolVersion);
}

/** A store shared by instances, and this limit's name in it. */
export interface SharedBudgets {
  readonly store: RateLimitStore;
  readonly limitId: string;
}

/**
 * Token buckets by key for one limit. Session buckets hang off the session object (a
 * WeakMap), so they go away with the session; principal and custom keys live in a Map
 * bounded by `maxKeys`. With `shared`, every budget with a string key (a session's: its id)
 * lives in the store instead and a check returns a promise; the in-process path stays synchronous.
 */
export class RateLimiter {
  private readonly bySession = new WeakMap<object, TokenBucket>();
  private readonly byKey = new Map<string, TokenBucket>();
  private readonly capacity: number;
  private readonly ratePerMs: number;
  private readonly per: RateLimitKey;
  private readonly bucket: RateLimitBucket | undefined;

  /**
   * @param options A checked limit (see `checkRateLimitOptions`).
   * @param clock Monotonic milliseconds (tests pass a fake one).
   * @param maxKeys Bound on string-keyed buckets.
   */
  constructor(
    options: RateLimitOptions,
    private readonly clock: Clock = monotonicClock,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
    private readonly shared?: SharedBudgets,
  ) {
    this.capacity = options.burst ?? options.limit;
    this.ratePerMs = options.limit / options.windowMs;
    this.per = options.per ?? 'session';
    this.bucket = shared === undefined ? undefined : { limitId: shared.limitId, capacity: this.capacity, ratePerMs: this.ratePerMs };
  }

  /** Spends one call of the caller's budget: 0 when it may go, else milliseconds until it may. */
  take(ctx: RequestContext): number | Promise<number> {
    const key = this.keyOf(ctx);
    const sharedKey = this.sharedKey(ctx, key);
    if (sharedKey !== undefined) return this.shared!.store.take(this.bucket!, sharedKey);
    const now = this.clock();
    return this.bucketFor(ctx, key, now).take(now);
  }

  /** Gives back the call taken by `take` when another limit refused it. */
  restore(ctx: RequestContext): void | Promise<void> {
    const key = this.keyOf(ctx);
    const sharedKey = this.sharedKey(ctx, key);
    if (sharedKey !== undefined) return this.shared!.store.restore(this.bucket!, sharedKey);
    this.bucketFor(ctx, key, this.clock()).restore();
  }

  /** Number of string-keyed buckets held (for tests of the bound). */
  get keyCount(): number {
    return this.byKey.size;
  }

  /** The budget's key; undefined for the caller's session (a sessionless request gets a stand-in, see `sessionlessKey`). */
  private keyOf(ctx: RequestContext): string | undefined {
    const per = this.per;
    if (per === 'global') return '';
    if (typeof per === 'function') return String(per(ctx));
    const key = per === 'principal' ? principalKey(ctx.authInfo) : undefined;
    if (key !== undefined) return key;
    return isSessionless(ctx) ? sessionlessKey(ctx) : undefined;
  }

  /** The key in the shared store, if the budget lives there (a session without an id stays here). */
  private sharedKey(ctx: RequestContext, key: string | undefined): string | undefined {
    if (this.shared === undefined) return undefined;
    if (key !== undefined) return `key:${key}`;
    const id = ctx.session.id;
    return id === undefined ? undefined : `session:${id}`;
  }

  private bucketFor(ctx: RequestContext, key: string | undefined, now: number): TokenBucket {
    if (key === undefined) {
      const session = ctx.session as object;
      let bucket = this.bySession.get(session);
      if (bucket === undefined) this.bySession.set(session, (bucket = new TokenBucket(this.capacity, this.ratePerMs, now)));
      return bucket;
    }
    let bucket = this.byKey.get(key);
    if (bucket === undefined) {
      if (this.byKey.size >= this.maxKeys) this.evict(now);
      this.byKey.set(key, (bucket = new TokenBucket(this.capacity, this.ratePerMs, now)));
    }
    return bucket;
  }

  private evict(now: number): void {
    for (const [key, bucket] of this.byKey) if (bucket.isFull(now)) this.byKey.delete(key);
    // Still full of busy buckets: forget the oldest quarter rather than grow without bound.
    if (this.byKey.size >= this.maxKeys) {
      let drop = Math.max(1, Math.floor(this.maxKeys / 4));
      for (const key of this.byKey.keys()) {
        if (drop-- <= 0) break;
        this.byKey.delete(key);
      }
    }
  }
}
