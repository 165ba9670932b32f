/** A monotonic clock in milliseconds. */
export type Clock = () => number;

/** The default clock: `performance.now()` (monotonic, unaffected by wall-clock changes). */
export const monotonicClock: Clock = () => performance.now();

/**
 * One token bucket: holds up to `capacity` tokens, refilled at `ratePerMs`; a call takes one.
 * State is two numbers; the refill is computed on use, so no timer runs.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly capacity: number,
    private readonly ratePerMs: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.updatedAt = now;
  }

  /** Takes a token: returns 0 when the call may go, else the milliseconds until one is available. */
  take(now: number): number {
    this.refill(now);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / this.ratePerMs));
  }

  /** Gives back a token taken by a call that did not run (a later limit refused it). */
  restore(): void {
    this.tokens = Math.min(this.capacity, this.tokens + 1);
  }

  /** True when the bucket has refilled completely: forgetting it changes nothing. */
  isFull(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }

  private refill(now: number): void {
    // A clock that goes backwards (it should not) never removes tokens.
    const elapsed = now - this.updatedAt;
    if (elapsed > 0) this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.ratePerMs);
    this.updatedAt = Math.max(now, this.updatedAt);
  }
}
