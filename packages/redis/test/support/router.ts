import type { ScaleInstance } from './scale-app';

/**
 * A balancer inside the client: POSTs and GETs each go to the instance the test names, a GET can
 * be held until released (the client reconnecting while the test raises events), and every SSE
 * message of a GET response is kept, with its event id, to check against the wire schema.
 */
export class Router {
  post: ScaleInstance;
  get: ScaleInstance;
  readonly getMessages: { id: string | undefined; message: unknown }[] = [];
  readonly resumedWith: (string | null)[] = [];
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  constructor(first: ScaleInstance) {
    this.post = first;
    this.get = first;
  }

  holdGets(): void {
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  releaseGets(): void {
    this.release?.();
    this.held = null;
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && this.held !== null) await this.held;
    const target = method === 'GET' ? this.get : this.post;
    const res = await fetch(target.http.url, init);
    if (method !== 'GET' || res.body === null) return res;
    this.resumedWith.push(new Headers(init?.headers).get('last-event-id'));
    const [forClient, forCheck] = res.body.tee();
    void this.record(forCheck);
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
          if (data !== undefined && data !== '') this.getMessages.push({ id, message: JSON.parse(data) });
        }
      }
    } catch {
      // The connection was cut (the instance crashed): what arrived is recorded.
    }
  }
}

/** Waits, bounded, until `check` holds. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
