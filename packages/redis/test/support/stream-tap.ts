/**
 * A balancer inside the client for resumption tests: each request goes to the URL `pick`
 * chooses; GET streams can be cut (the connection drops, as when a proxy or the network fails)
 * and their reconnection held until released; every data event of every GET response is kept
 * with its event id, and each GET's `Last-Event-ID`, to check a resumed stream for gaps and
 * duplicates against what the store holds.
 */
export class StreamTap {
  readonly events: { id: string | undefined; message: Record<string, unknown> }[] = [];
  readonly lastEventIds: (string | null)[] = [];
  private readonly open = new Set<AbortController>();
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  constructor(private readonly pick: (method: string, body: unknown) => string) {}

  /** GET connections open right now (as seen by the client). */
  get openGets(): number {
    return this.open.size;
  }

  /** Drops every open GET connection and holds the client's reconnections until `releaseGets`. */
  cutGets(): void {
    this.held ??= new Promise((resolve) => (this.release = resolve));
    for (const controller of this.open) controller.abort(new Error('connection reset'));
    this.open.clear();
  }

  releaseGets(): void {
    this.release?.();
    this.held = null;
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (method === 'GET' && this.held !== null) await this.held;
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    url.host = new URL(this.pick(method, body)).host;
    if (method !== 'GET') return fetch(url, init);
    const controller = new AbortController();
    const signal =
      init?.signal === undefined || init.signal === null ? controller.signal : AbortSignal.any([controller.signal, init.signal]);
    this.lastEventIds.push(new Headers(init?.headers).get('last-event-id'));
    const res = await fetch(url, { ...init, signal });
    if (res.body === null || !res.ok) return res;
    this.open.add(controller);
    const [forClient, forCheck] = res.body.tee();
    void this.record(forCheck).finally(() => this.open.delete(controller));
    return new Response(forClient, { status: res.status, headers: res.headers });
  };

  private async record(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return;
        text += chunk.value;
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const id = /^id: ?(.*)$/m.exec(block)?.[1];
          const data = /^data: ?(.*)$/m.exec(block)?.[1];
          if (data !== undefined && data !== '') this.events.push({ id, message: JSON.parse(data) as Record<string, unknown> });
        }
      }
    } catch {
      // Cut: what arrived is recorded.
    }
  }
}
