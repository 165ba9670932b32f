import { checkServerMessage } from '@armature/testing';

/** One server-sent event: its id and data (a JSON-RPC message, or '' for a priming event). */
export interface SseEvent {
  readonly id: string | undefined;
  readonly data: string;
}

/**
 * Reads a raw SSE response as it arrives, checking each JSON-RPC message against the wire schema
 * of `request`'s revision. `until` waits (bounded) for an event; `cancel` closes the connection.
 */
export class SseStream {
  readonly events: SseEvent[] = [];
  readonly violations: string[] = [];
  ended = false;
  private pending = '';
  private notify: (() => void) | undefined;

  constructor(
    readonly response: Response,
    private readonly request: unknown,
  ) {
    void this.read();
  }

  /** Events carrying a message (not priming events). */
  get messages(): SseEvent[] {
    return this.events.filter((event) => event.data !== '');
  }

  /** Resolves once `count` events match `match`, within `timeoutMs`. */
  async untilCount(match: (event: SseEvent) => boolean, count: number, timeoutMs = 10_000): Promise<SseEvent[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.filter(match);
      if (found.length >= count) return found;
      if (this.ended || Date.now() >= deadline)
        throw new Error(
          `${found.length} of ${count} expected SSE events within ${timeoutMs} ms (stream ${this.ended ? 'ended' : 'open'}): ${JSON.stringify(this.events).slice(0, 400)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.notify = () => (clearTimeout(timer), resolve());
      });
    }
  }

  async cancel(): Promise<void> {
    this.ended = true;
    await this.response.body?.cancel().catch(() => undefined);
  }

  private async read(): Promise<void> {
    const reader = this.response.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.pending += decoder.decode(value, { stream: true });
        this.split();
      }
    } catch {
      // The connection broke: the instance died, or cancel().
    } finally {
      this.ended = true;
      this.notify?.();
    }
  }

  private split(): void {
    for (let end = this.pending.indexOf('\n\n'); end >= 0; end = this.pending.indexOf('\n\n')) {
      const block = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 2);
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
      this.notify?.();
    }
  }
}
