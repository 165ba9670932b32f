import { WireErrorCode } from '@armature/core';
import type { JSONRPCMessage, RequestId } from '@armature/core/wire/2025-11-25';

/**
 * Bounds the wait for the client's answer to server→client requests a 2025 session sent on its
 * GET stream (a task's elicitation, sampling or roots request). Such a request is stored for a
 * client that may be away; nothing else bounds it but the task's life. When `timeoutMs` passes
 * without an answer (POSTed to any instance and forwarded to the copy that asked), the asker gets
 * a -32001 error response in its place, and the client a `notifications/cancelled` for it.
 */
export class ClientAnswerTimers {
  private readonly timers = new Map<RequestId, NodeJS.Timeout>();

  /**
   * @param timeoutMs the bound (0: none).
   * @param expire called with the error response that stands in for the answer, and the cancellation for the client.
   */
  constructor(
    private readonly timeoutMs: number,
    private readonly expire: (answer: JSONRPCMessage, cancel: JSONRPCMessage) => void,
  ) {}

  /** Requests awaiting their answer. */
  get size(): number {
    return this.timers.size;
  }

  /** A request went out on the GET stream: its answer is awaited from now on. */
  asked(request: JSONRPCMessage): void {
    const { id, method } = request as { id?: RequestId; method?: string };
    if (this.timeoutMs === 0 || id === undefined || this.timers.has(id)) return;
    const timer = setTimeout(() => {
      this.timers.delete(id);
      const message = `No answer from the client to ${method ?? 'the request'} within ${this.timeoutMs} ms`;
      this.expire(
        { jsonrpc: '2.0', id, error: { code: WireErrorCode.RequestTimeout, message } },
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: message } },
      );
    }, this.timeoutMs);
    timer.unref();
    this.timers.set(id, timer);
  }

  /** The client's answer to `id` arrived (here, or forwarded from another instance). */
  answered(id: RequestId | undefined): void {
    if (id === undefined) return;
    const timer = this.timers.get(id);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.timers.delete(id);
  }

  /** The session copy closed: nothing is awaited any more. */
  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
