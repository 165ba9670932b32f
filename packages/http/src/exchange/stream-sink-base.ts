import type { StreamSink } from './http-exchange';

/**
 * What both stream sinks (Node and fetch) share: the `closed` flag and the close listeners,
 * each called once, whether the response ended on our side or the peer went away.
 */
export abstract class StreamSinkBase implements StreamSink {
  private listeners: (() => void)[] = [];
  closed = false;

  abstract write(text: string): boolean;
  abstract end(): void;

  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.listeners.push(listener);
  }

  /** Marks the sink closed and calls every close listener (once; later calls do nothing). */
  protected finish(): void {
    if (this.closed) return;
    this.closed = true;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}
