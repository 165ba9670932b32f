import type { StreamSink } from '../exchange/http-exchange';
import { SSE_KEEP_ALIVE, sseEvent, ssePriming, sseRetry } from './sse-encoding';

/** Timing of one SSE connection. */
export interface SseTiming {
  /** Comment sent after this many ms of silence; `undefined` for none. */
  readonly keepAliveMs: number | undefined;
  /** `retry` value sent before the server closes a resumable connection. */
  readonly retryMs: number | undefined;
  /**
   * SSE polling (MCP 2025-11-25, transports §Sending Messages): close a resumable connection
   * after this many ms; the client reconnects with `Last-Event-ID` after `retryMs`.
   */
  readonly closeAfterMs: number | undefined;
}

/** One HTTP response carrying SSE events; a logical stream may outlive several of these. */
export class SseConnection {
  private keepAlive: NodeJS.Timeout | undefined;
  private pollClose: NodeJS.Timeout | undefined;
  private wroteSinceTick = false;

  constructor(
    private readonly sink: StreamSink,
    private readonly timing: SseTiming,
  ) {
    if (timing.keepAliveMs !== undefined) {
      this.keepAlive = setInterval(() => {
        if (!this.wroteSinceTick) this.sink.write(SSE_KEEP_ALIVE);
        this.wroteSinceTick = false;
      }, timing.keepAliveMs).unref();
    }
    sink.onClose(() => this.clearTimers());
  }

  get closed(): boolean {
    return this.sink.closed;
  }

  /** Writes one message event. */
  event(id: string | undefined, json: string): void {
    this.wroteSinceTick = true;
    this.sink.write(sseEvent(id, json));
  }

  /**
   * Writes a priming event and, when polling is configured, schedules the server-side close
   * that the id now makes safe.
   */
  prime(id: string): void {
    this.wroteSinceTick = true;
    this.sink.write(ssePriming(id, this.timing.retryMs));
    this.schedulePollClose();
  }

  /** Ends the response. */
  end(): void {
    this.clearTimers();
    this.sink.end();
  }

  onClose(listener: () => void): void {
    this.sink.onClose(listener);
  }

  private schedulePollClose(): void {
    const after = this.timing.closeAfterMs;
    if (after === undefined || this.pollClose !== undefined) return;
    this.pollClose = setTimeout(() => {
      if (this.timing.retryMs !== undefined) this.sink.write(sseRetry(this.timing.retryMs));
      this.end();
    }, after).unref();
  }

  private clearTimers(): void {
    if (this.keepAlive !== undefined) clearInterval(this.keepAlive);
    if (this.pollClose !== undefined) clearTimeout(this.pollClose);
    this.keepAlive = undefined;
    this.pollClose = undefined;
  }
}
