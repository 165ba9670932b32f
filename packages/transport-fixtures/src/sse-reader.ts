import { checkServerMessage } from '@armature/testing';

/** One server-sent event as a client reads it: its id and data (a JSON-RPC message, or '' for a priming event). */
export interface SseEvent {
  readonly id: string | undefined;
  readonly data: string;
}

/**
 * A raw SSE response read as it arrives: events are collected, every JSON-RPC message checked
 * against the wire schema of `request`'s revision (`violations`); `until` and `untilCount` wait,
 * bounded, for matching events; `cancel` closes the connection. Used where a test must see event
 * ids (resumption with Last-Event-ID) or a stream breaking, which the SDK clients hide.
 */
export class SseReader {
  readonly events: SseEvent[] = [];
  readonly violations: string[] = [];
  private buffer = '';
  private done = false;
  private wake: (() => void) | undefined;

  constructor(
    readonly response: Response,
    private readonly request: unknown,
  ) {
    void this.pump();
  }

  /** True once the connection ended (the server closed it, it broke, or `cancel()`). */
  get ended(): boolean {
    return this.done;
  }

  get status(): number {
    return this.response.status;
  }

  /** The JSON-RPC messages received so far (priming events left out). */
  get messages(): Record<string, unknown>[] {
    return this.events.filter((e) => e.data !== '').map((e) => JSON.parse(e.data) as Record<string, unknown>);
  }

  /** Resolves with the first event matching `match`, waiting at most `timeoutMs`. */
  async until(match: (event: SseEvent) => boolean, timeoutMs = 5_000): Promise<SseEvent> {
    return (await this.untilCount(match, 1, timeoutMs))[0]!;
  }

  /** Resolves once `count` events match `match`, with all of them, waiting at most `timeoutMs`. */
  async untilCount(match: (event: SseEvent) => boolean, count: number, timeoutMs = 10_000): Promise<SseEvent[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.filter(match);
      if (found.length >= count) return found;
      if (this.done || Date.now() >= deadline) {
        const state = this.done ? 'ended' : 'open';
        throw new Error(
          `${found.length} of ${count} expected SSE events within ${timeoutMs} ms (stream ${state}): ${JSON.stringify(this.events).slice(0, 500)}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.wake = () => (clearTimeout(timer), resolve());
      });
    }
  }

  /** Stops reading and closes the connection. */
  async cancel(): Promise<void> {
    this.done = true;
    await this.response.body?.cancel().catch(() => undefined);
  }

  private async pump(): Promise<void> {
    const reader = this.response.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        this.parse();
      }
    } catch {
      // The connection went away (the instance died, or cancel()).
    } finally {
      this.done = true;
      this.wake?.();
    }
  }

  private parse(): void {
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) id = line.slice(3).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (id === undefined && data.length === 0) continue;
      const event: SseEvent = { id, data: data.join('\n') };
      if (event.data !== '') this.violations.push(...checkServerMessage(JSON.parse(event.data), this.request));
      this.events.push(event);
      this.wake?.();
    }
  }
}
