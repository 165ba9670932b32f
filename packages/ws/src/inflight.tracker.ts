import type { JSONRPCMessage, RequestId } from '@armature/core/wire/2025-11-25';

/**
 * Counts the client's requests that have not been answered yet on one connection, so a
 * graceful shutdown can wait for them. A request is open from its arrival
 * until a response with its id is sent, or until the client cancels it (a cancelled request
 * gets no response, MCP 2025-11-25 §Cancellation). Counted per id, so that the error answer
 * to a duplicate id does not close the original request.
 */
export class InflightTracker {
  private readonly open = new Map<RequestId, number>();
  private waiters: (() => void)[] = [];

  /** Requests still waiting for their answer. */
  get size(): number {
    return this.open.size;
  }

  /** A message from the client. */
  incoming(message: JSONRPCMessage): void {
    const record = message as { id?: RequestId; method?: unknown; params?: { requestId?: RequestId } };
    if (typeof record.method !== 'string') return;
    // An MCP 2026-07-28 listen stream holds no work: a graceful shutdown does not wait for it.
    if (record.id !== undefined && record.method !== 'subscriptions/listen') this.open.set(record.id, (this.open.get(record.id) ?? 0) + 1);
    else if (record.method === 'notifications/cancelled' && record.params?.requestId !== undefined) this.settle(record.params.requestId);
  }

  /** A message to the client. */
  outgoing(message: JSONRPCMessage): void {
    const record = message as { id?: RequestId; method?: unknown };
    if (record.method === undefined && record.id !== undefined) this.settle(record.id);
  }

  /** Resolves once nothing is in flight (at once if nothing is). */
  whenIdle(): Promise<void> {
    if (this.open.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The connection is gone: nothing can be answered any more; release the waiters. */
  abandon(): void {
    this.open.clear();
    this.release();
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((resolve) => resolve());
  }

  private settle(id: RequestId): void {
    const count = this.open.get(id);
    if (count === undefined) return;
    if (count > 1) this.open.set(id, count - 1);
    else this.open.delete(id);
    if (this.open.size === 0) this.release();
  }
}
