import type { RequestContext } from '../context/request-context';
import type { RateLimiter } from './rate-limiter';

/**
 * Spends one call from the tool's own limit and the app-wide one: 0 when both allow it, else
 * the milliseconds to wait. A call refused by the second limit gets its first token back.
 * Synchronous with in-process budgets; a promise as soon as one limit lives in a shared store.
 */
export function spendCall(own: RateLimiter | null, shared: RateLimiter | null, ctx: RequestContext): number | Promise<number> {
  if (own === null) return shared === null ? 0 : shared.take(ctx);
  const wait = own.take(ctx);
  if (typeof wait !== 'number') return wait.then((ms) => (ms > 0 ? ms : spendShared(own, shared, ctx)));
  if (wait > 0) return wait;
  return spendShared(own, shared, ctx);
}

function spendShared(own: RateLimiter, shared: RateLimiter | null, ctx: RequestContext): number | Promise<number> {
  if (shared === null) return 0;
  const wait = shared.take(ctx);
  if (typeof wait !== 'number') return wait.then((ms) => (ms > 0 ? giveBack(own, ctx, ms) : 0));
  return wait > 0 ? giveBack(own, ctx, wait) : 0;
}

/** Returns the own limit's token, then `wait` (after the store answered, when it is shared). */
function giveBack(own: RateLimiter, ctx: RequestContext, wait: number): number | Promise<number> {
  const restored = own.restore(ctx);
  return restored === undefined ? wait : restored.then(() => wait);
}
