import type { JSONRPCNotification } from '../wire/mcp-types.generated';

const RESOLVED: Promise<void> = Promise.resolve();

/**
 * The progress notifications of one request, paced. One goes out at once; the next only once
 * `intervalMs` has passed since the last one AND the last one was handed to the transport (a
 * peer slower than the handler makes `send` wait). Meanwhile the latest value waits here and
 * replaces any older one. When the request is answered, a value still waiting goes out just
 * before the answer if the client has taken everything sent before; otherwise it is dropped:
 * the answer never queues behind progress the client has not read yet.
 */
export class ProgressGate {
  private sentAt = 0;
  private sending = false;
  private waiting: JSONRPCNotification | undefined = undefined;
  private timer: NodeJS.Timeout | undefined = undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly send: (notification: JSONRPCNotification) => Promise<void>,
    /** True once the request is answered: what waits is dropped. */
    private readonly finished: () => boolean,
  ) {}

  /** Sends `notification` now, or keeps it as the latest value to send when the gate opens. */
  offer(notification: JSONRPCNotification): Promise<void> {
    const now = Date.now();
    if (!this.sending && this.waiting === undefined && now - this.sentAt >= this.intervalMs) return this.pass(notification, now);
    this.waiting = notification;
    if (!this.sending) this.schedule(now);
    return RESOLVED;
  }

  /**
   * The request is being answered: the value still waiting goes out now if nothing sent
   * before is still on its way (it then precedes the answer), and is dropped otherwise.
   */
  settle(): void {
    const notification = this.waiting;
    if (notification === undefined) return;
    this.waiting = undefined;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.sending) void this.pass(notification, Date.now());
  }

  private pass(notification: JSONRPCNotification, now: number): Promise<void> {
    this.sentAt = now;
    this.sending = true;
    const sent = this.send(notification);
    sent.then(this.onSent, this.onSent);
    return sent;
  }

  private readonly onSent = (): void => {
    this.sending = false;
    if (this.waiting !== undefined) this.schedule(Date.now());
  };

  private schedule(now: number): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(this.release, Math.max(0, this.intervalMs - (now - this.sentAt)));
    // A request's own work keeps the process alive; a pending progress value must not.
    this.timer.unref();
  }

  private readonly release = (): void => {
    this.timer = undefined;
    const notification = this.waiting;
    this.waiting = undefined;
    if (notification === undefined || this.finished()) return;
    if (this.sending) {
      this.waiting = notification;
      return;
    }
    void this.pass(notification, Date.now());
  };
}
