/**
 * The log notifications of one request, capped per second. Logs are not coalesced like
 * progress (each says something different, and the latest does not stand for the others):
 * beyond the cap they are dropped and counted, and the count is reported once the next
 * second lets a message through.
 */
export class LogBudget {
  private windowStart = 0;
  private used = 0;
  private dropped = 0;

  constructor(private readonly perSecond: number) {}

  /**
   * Takes one message's place at `now`: -1 when it must be dropped; otherwise how many were
   * dropped before it (to report first), usually 0.
   */
  take(now: number): number {
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.used = 0;
    }
    if (this.used >= this.perSecond) {
      this.dropped++;
      return -1;
    }
    this.used++;
    const dropped = this.dropped;
    this.dropped = 0;
    return dropped;
  }
}
