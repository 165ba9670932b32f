import type { RequestId } from '../wire/mcp-types.generated';
import { IdleWaiters } from './idle-waiters';
import type { RequestExchange } from './request-exchange';

/** Deadline resolution: a request times out after between 8/8 and 9/8 of the timeout. */
const SLICES = 8;

/**
 * The requests a caller is still working on, with their deadlines, and who waits for there to
 * be none (a drain). One ledger type serves both revisions: a 2025 session keeps one keyed by
 * request id (cancellation, duplicate ids), the app's 2026 dispatcher one keyed by exchange
 * (request ids of different clients may collide).
 *
 * No clock is read per request: while anything is in flight one timer ticks every 1/8 of the
 * timeout, and each request is stamped with the tick it arrived in; each tick expires the
 * requests that are due.
 *
 * Finished requests are only unflagged, not deleted: the table is cleared in one go when the
 * last live request finishes, and compacted when dead entries outnumber live ones, which
 * costs far less than a Map deletion per request. Synchronously answered requests never
 * enter a ledger.
 */
export class InflightLedger {
  private readonly entries = new Map<unknown, RequestExchange>();
  private readonly sliceMs: number;
  private timer: NodeJS.Timeout | undefined = undefined;
  private epoch = 0;
  private live = 0;
  private readonly idle = new IdleWaiters();

  /**
   * @param timeoutMs Deadline per request; 0 disables deadlines.
   * @param byId Whether entries are found by request id (`get`); else by the exchange itself.
   */
  constructor(
    private readonly timeoutMs: number,
    private readonly byId: boolean,
  ) {
    this.sliceMs = Math.max(1, Math.ceil(timeoutMs / SLICES));
  }

  /** Number of requests in flight. */
  get size(): number {
    return this.live;
  }

  /** The in-flight request with this id (a ledger keyed by id only). */
  get(id: RequestId): RequestExchange | undefined {
    if (this.live === 0) return undefined;
    const exchange = this.entries.get(id);
    return exchange !== undefined && exchange.tracked ? exchange : undefined;
  }

  /** Tracks a request and starts its deadline. */
  add(exchange: RequestExchange): void {
    exchange.epoch = this.epoch;
    exchange.tracked = true;
    this.entries.set(this.byId ? exchange.id : exchange, exchange);
    this.live++;
    if (this.timer === undefined && this.timeoutMs > 0) this.arm();
  }

  /** Stops tracking a request (answered, cancelled or expired). */
  delete(exchange: RequestExchange): void {
    if (!exchange.tracked) return;
    exchange.tracked = false;
    if (--this.live === 0) {
      this.entries.clear();
      this.idle.wake();
    } else if (this.entries.size > 2 * this.live + 64) {
      this.compact();
    }
  }

  /** Resolves true once nothing is in flight, or false after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    return this.idle.wait(this.live === 0, timeoutMs);
  }

  /** Removes and returns every request (the caller is closing), and stops the timer. */
  drain(): RequestExchange[] {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const all: RequestExchange[] = [];
    for (const exchange of this.entries.values()) {
      if (!exchange.tracked) continue;
      exchange.tracked = false;
      all.push(exchange);
    }
    this.entries.clear();
    this.live = 0;
    this.idle.wake();
    return all;
  }

  private compact(): void {
    for (const [key, exchange] of this.entries) if (!exchange.tracked) this.entries.delete(key);
  }

  private arm(): void {
    // Unref'd: an idle caller must not keep the process alive; in-flight work does that itself.
    this.timer = setTimeout(this.tick, this.sliceMs);
    this.timer.unref();
  }

  private readonly tick = (): void => {
    this.timer = undefined;
    const due = ++this.epoch - SLICES;
    for (const exchange of this.entries.values()) {
      if (!exchange.tracked || exchange.epoch >= due) continue;
      this.delete(exchange);
      exchange.expire(this.timeoutMs);
    }
    if (this.live > 0) this.arm();
  };
}
