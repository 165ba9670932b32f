import type { ActiveRequestContext } from '../context/active-request-context';
import type { RequestId } from './mcp-types.generated';

/** Deadline resolution: a request times out after between 8/8 and 9/8 of the timeout. */
const SLICES = 8;

/**
 * The asynchronous requests a session is still working on, by id, with their deadlines, and
 * who waits for there to be none (a draining session).
 *
 * No clock is read per request: while anything is in flight one timer ticks every 1/8 of the
 * timeout, and each request is stamped with the tick it arrived in; each tick expires the
 * requests that are due.
 *
 * Finished requests are only unflagged, not deleted: the table is cleared in one go when the
 * last live request finishes, and compacted when dead entries outnumber live ones, which
 * costs far less than a Map deletion per request. Synchronously answered requests never
 * enter this table.
 */
export class InflightRequests {
  private readonly byId = new Map<RequestId, ActiveRequestContext>();
  private readonly sliceMs: number;
  private timer: NodeJS.Timeout | undefined = undefined;
  private epoch = 0;
  private live = 0;
  private idleWaiters: (() => void)[] | undefined = undefined;

  /**
   * @param timeoutMs Deadline per request; 0 disables deadlines.
   * @param onExpire Called (after removal) for each request whose deadline passed.
   */
  constructor(
    private readonly timeoutMs: number,
    private readonly onExpire: (ctx: ActiveRequestContext) => void,
  ) {
    this.sliceMs = Math.max(1, Math.ceil(timeoutMs / SLICES));
  }

  /** Number of requests in flight. */
  get size(): number {
    return this.live;
  }

  /** The in-flight request with this id. */
  get(id: RequestId): ActiveRequestContext | undefined {
    if (this.live === 0) return undefined;
    const ctx = this.byId.get(id);
    return ctx !== undefined && ctx.tracked ? ctx : undefined;
  }

  /** Tracks a request and starts its deadline. */
  add(ctx: ActiveRequestContext): void {
    ctx.epoch = this.epoch;
    ctx.tracked = true;
    this.byId.set(ctx.requestId, ctx);
    this.live++;
    if (this.timer === undefined && this.timeoutMs > 0) this.arm();
  }

  /** Stops tracking a request (answered, cancelled or expired). */
  delete(ctx: ActiveRequestContext): void {
    if (!ctx.tracked) return;
    ctx.tracked = false;
    if (--this.live === 0) {
      this.byId.clear();
      this.wakeIdleWaiters();
    } else if (this.byId.size > 2 * this.live + 64) {
      this.compact();
    }
  }

  /** Resolves true once nothing is in flight, or false after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.live === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      (this.idleWaiters ??= []).push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Removes and returns every request (the session is closing), and stops the timer. */
  drain(): ActiveRequestContext[] {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const all: ActiveRequestContext[] = [];
    for (const ctx of this.byId.values()) {
      if (!ctx.tracked) continue;
      ctx.tracked = false;
      all.push(ctx);
    }
    this.byId.clear();
    this.live = 0;
    this.wakeIdleWaiters();
    return all;
  }

  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters;
    if (waiters === undefined) return;
    this.idleWaiters = undefined;
    for (const wake of waiters) wake();
  }

  private compact(): void {
    for (const [id, ctx] of this.byId) if (!ctx.tracked) this.byId.delete(id);
  }

  private arm(): void {
    // Unref'd: an idle session must not keep the process alive; in-flight work does that itself.
    this.timer = setTimeout(this.tick, this.sliceMs);
    this.timer.unref();
  }

  private readonly tick = (): void => {
    this.timer = undefined;
    const due = ++this.epoch - SLICES;
    for (const ctx of this.byId.values()) {
      if (!ctx.tracked || ctx.epoch >= due) continue;
      this.delete(ctx);
      this.onExpire(ctx);
    }
    if (this.live > 0) this.arm();
  };
}
