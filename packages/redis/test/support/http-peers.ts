import { checkServerMessage } from '@armature/testing';

/** One SSE event as a client reads it. */
export interface SseEvent {
  readonly id: string | undefined;
  readonly data: string;
}

/**
 * A raw SSE response being read: events are collected as they arrive, every JSON one checked
 * against the wire schema of `request` (its revision); `until` waits (bounded) for a match.
 */
export class SseReader {
  readonly events: SseEvent[] = [];
  readonly violations: string[] = [];
  private buffer = '';
  private done = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly response: Response,
    private readonly request: unknown,
  ) {
    void this.pump();
  }

  /** True once the connection ended (the server closed it, or `cancel()`). */
  get ended(): boolean {
    return this.done;
  }

  get status(): number {
    return this.response.status;
  }

  /** The JSON messages received so far. */
  get messages(): Record<string, unknown>[] {
    return this.events.filter((e) => e.data !== '').map((e) => JSON.parse(e.data) as Record<string, unknown>);
  }

  /** Resolves with the first event matching `match`, waiting at most `timeoutMs`. */
  async until(match: (event: SseEvent) => boolean, timeoutMs = 5_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found !== undefined) return found;
      if (this.done || Date.now() >= deadline)
        throw new Error(`no matching SSE event within ${timeoutMs} ms; got ${JSON.stringify(this.events).slice(0, 500)}`);
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
      // The connection went away (the instance crashed, or cancel()).
    } finally {
      this.done = true;
      this.wake?.();
    }
  }

  private parse(): void {
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) id = line.slice(3).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (id === undefined && data.length === 0) continue;
      const event = { id, data: data.join('\n') };
      if (event.data !== '') this.violations.push(...checkServerMessage(JSON.parse(event.data), this.request));
      this.events.push(event);
      this.wake?.();
    }
  }
}

/** A fetch that sends each request to the instance `pick` chooses (a tiny load balancer in the test process). */
export function routedFetch(pick: (method: string, body: unknown) => string): typeof fetch {
  return (input, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const target = new URL(pick(method, body));
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    url.host = target.host;
    return fetch(url, init);
  };
}

/** Whether a JSON-RPC body is a response (the client's answer to a server→client request). */
export function isResponseBody(body: unknown): boolean {
  const b = body as { method?: unknown; id?: unknown } | undefined;
  return b !== undefined && b.method === undefined && b.id !== undefined;
}

/** Whether a JSON-RPC body is a request for `method`. */
export function isRequestFor(body: unknown, method: string): boolean {
  return (body as { method?: unknown } | undefined)?.method === method;
}

/** Headers of a 2025 request in session `sessionId`. */
export function sessionHeaders(sessionId: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-session-id': sessionId,
    'mcp-protocol-version': '2025-11-25',
    ...extra,
  };
}
