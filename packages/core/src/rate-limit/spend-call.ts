import type { RequestContext } from '../context/request-context';
import type { RateLimiter } from './rate-limiter';

/**
 * Spends one call from the tool's own limit and the app-wide one: 0 when both allow it, else
 * the milliseconds to wait. A call refused by the second limit gets its first token back.
 */
export function spendCall(own: RateLimiter | null, shared: RateLimiter | null, ctx: RequestContext): number {
  if (own !== null) {
    const wait = own.take(ctx);
    if (wait > 0) return wait;
  }
  if (shared !== null) {
    const wait = shared.take(ctx);
    if (wait > 0) {
      own?.restore(ctx);
      return wait;
    }
  }
  return 0;
}
