/** One parsed Server-Sent Event. */
export interface SseEvent {
  readonly id: string | undefined;
  readonly event: string | undefined;
  readonly data: string;
  readonly retry: number | undefined;
}

const DEFAULT_WAIT_MS = 5000;

/**
 * Reads SSE events from a fetch response body, one at a time, every wait bounded. Enough of
 * the WHATWG parser for tests: `id`, `event`, `data`, `retry` and comments.
 */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private done = false;

  constructor(response: Response) {
    if (response.body === null) throw new Error('response has no body');
    this.reader = response.body.getReader();
  }

  /** The next event (comments skipped), or `undefined` when the stream ended. */
  async next(waitMs = DEFAULT_WAIT_MS): Promise<SseEvent | undefined> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const boundary = this.buffer.indexOf('\n\n');
      if (boundary !== -1) {
        const block = this.buffer.slice(0, boundary);
        this.buffer = this.buffer.slice(boundary + 2);
        const event = parse(block);
        if (event !== undefined) return event;
        continue;
      }
      if (this.done) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for an SSE event');
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out waiting for an SSE event')), left))),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) this.done = true;
      else this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  /** The next event that carries data (skipping priming and retry-only events). */
  async nextMessage(waitMs = DEFAULT_WAIT_MS): Promise<{ id: string | undefined; message: Record<string, unknown> } | undefined> {
    for (;;) {
      const event = await this.next(waitMs);
      if (event === undefined) return undefined;
      if (event.data !== '') return { id: event.id, message: JSON.parse(event.data) as Record<string, unknown> };
    }
  }

  /** Every remaining event until the stream ends. */
  async rest(waitMs = DEFAULT_WAIT_MS): Promise<SseEvent[]> {
    const events: SseEvent[] = [];
    for (;;) {
      const event = await this.next(waitMs);
      if (event === undefined) return events;
      events.push(event);
    }
  }

  /** Drops the connection (as a network failure would). */
  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

function parse(block: string): SseEvent | undefined {
  let id: string | undefined;
  let event: string | undefined;
  let retry: number | undefined;
  const data: string[] = [];
  let any = false;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    any = true;
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry') retry = Number(value);
  }
  return any ? { id, event, data: data.join('\n'), retry } : undefined;
}
