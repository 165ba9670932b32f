import { performance } from 'node:perf_hooks';
import type { ActiveRequestContext } from '../context/active-request-context';
import type { RequestId } from './mcp-types.generated';

/**
 * The asynchronous requests a session is still working on, by id, with their deadlines.
 *
 * Every request gets the same timeout, so deadlines follow arrival order, which is the
 * Map's iteration order: one timer, armed for the oldest request, serves them all (no
 * timer per request). Synchronously answered requests never enter this table.
 */
export class InflightRequests {
  private readonly byId = new Map<RequestId, ActiveRequestContext>();
  private timer: NodeJS.Timeout | undefined = undefined;

  /**
   * @param timeoutMs Deadline per request; 0 disables deadlines.
   * @param onExpire Called (after removal) for each request whose deadline passed.
   */
  constructor(
    private readonly timeoutMs: number,
    private readonly onExpire: (ctx: ActiveRequestContext) => void,
  ) {}

  /** Number of requests in flight. */
  get size(): number {
    return this.byId.size;
  }

  /** Whether a request with this id is in flight. */
  has(id: RequestId): boolean {
    return this.byId.has(id);
  }

  /** The in-flight request with this id. */
  get(id: RequestId): ActiveRequestContext | undefined {
    return this.byId.get(id);
  }

  /** Tracks a request and starts its deadline. */
  add(ctx: ActiveRequestContext): void {
    if (this.timeoutMs > 0) {
      ctx.deadline = performance.now() + this.timeoutMs;
      if (this.timer === undefined) this.arm(this.timeoutMs);
    }
    ctx.tracked = true;
    this.byId.set(ctx.requestId, ctx);
  }

  /** Stops tracking a request (answered or cancelled). The shared timer is left to lapse. */
  delete(ctx: ActiveRequestContext): void {
    if (!ctx.tracked) return;
    ctx.tracked = false;
    this.byId.delete(ctx.requestId);
  }

  /** Removes and returns every request, and stops the timer. */
  drain(): ActiveRequestContext[] {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const all = [...this.byId.values()];
    this.byId.clear();
    for (const ctx of all) ctx.tracked = false;
    return all;
  }

  private arm(delayMs: number): void {
    // Unref'd: an idle session must not keep the process alive; in-flight work does that itself.
    this.timer = setTimeout(this.sweep, Math.max(1, Math.ceil(delayMs)));
    this.timer.unref();
  }

  private readonly sweep = (): void => {
    this.timer = undefined;
    const now = performance.now();
    for (const ctx of this.byId.values()) {
      if (ctx.deadline > now) {
        this.arm(ctx.deadline - now);
        return;
      }
      this.delete(ctx);
      this.onExpire(ctx);
    }
  };
}
