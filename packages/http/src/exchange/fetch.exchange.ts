import type { AuthInfo } from '@armature/core';
import type { BodyConsumer, HeaderList, HttpRequestView, HttpResponder, StreamSink } from './http-exchange';
import { StreamSinkBase } from './stream-sink-base';

/** An SSE response may queue this much for a slow reader before we drop it (it can resume). */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
const encoder = new TextEncoder();

/**
 * A Web-standard `Request` seen through the engine's seam; `response` settles with the
 * `Response` once the engine answers (a complete body, or a streaming SSE body).
 */
export class FetchExchange implements HttpRequestView, HttpResponder {
  readonly response: Promise<Response>;
  private settle!: (response: Response) => void;
  private answered = false;

  constructor(
    private readonly request: Request,
    readonly authInfo: AuthInfo | undefined,
    readonly remoteAddress: string | undefined = undefined,
  ) {
    this.response = new Promise((resolve) => (this.settle = resolve));
  }

  get method(): string {
    return this.request.method;
  }

  onClientGone(listener: () => void): void {
    const signal = this.request.signal;
    // Runtimes abort the request's signal when the client disconnects.
    signal?.addEventListener('abort', () => listener(), { once: true });
  }

  get path(): string {
    try {
      return new URL(this.request.url).pathname;
    } catch {
      return '/';
    }
  }

  header(name: string): string | undefined {
    const value = this.request.headers.get(name);
    if (value !== null) return value;
    // Runtimes that build the Request from a URL alone carry the host only there.
    return name === 'host' ? hostOf(this.request.url) : undefined;
  }

  headers(): Readonly<Record<string, string>> {
    const record: Record<string, string> = {};
    this.request.headers.forEach((value, key) => (record[key] = value));
    return record;
  }

  readBody(limit: number, consumer: BodyConsumer): void {
    this.read(limit).then(
      (body) => consumer.body(body),
      (error: unknown) => consumer.failed(error),
    );
  }

  private async read(limit: number): Promise<Uint8Array | null> {
    const body = this.request.body;
    if (body === null) return new Uint8Array(0);
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(value);
    }
    if (chunks.length === 1) return chunks[0];
    const all = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      all.set(chunk, at);
      at += chunk.byteLength;
    }
    return all;
  }

  send(status: number, headers: HeaderList, body: string | undefined): void {
    if (this.answered) return;
    this.answered = true;
    this.settle(new Response(status === 202 || status === 204 ? null : (body ?? null), { status, headers: toHeaders(headers) }));
  }

  openStream(headers: HeaderList): StreamSink {
    this.answered = true;
    const sink = new FetchStreamSink();
    this.settle(new Response(sink.readable, { status: 200, headers: toHeaders(headers) }));
    return sink;
  }
}

class FetchStreamSink extends StreamSinkBase {
  readonly readable: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;

  constructor() {
    super();
    this.readable = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        cancel: () => this.finish(),
      },
      { highWaterMark: 0, size: (chunk) => chunk.byteLength },
    );
  }

  write(text: string): boolean {
    if (this.closed) return false;
    this.controller.enqueue(encoder.encode(text));
    if ((this.controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) {
      this.controller.error(new Error('SSE reader too slow'));
      this.finish();
      return false;
    }
    return true;
  }

  end(): void {
    if (this.closed) return;
    try {
      this.controller.close();
    } catch {
      // Already closed or errored by the reader side.
    }
    this.finish();
  }
}

function toHeaders(list: HeaderList): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < list.length; i += 2) headers.append(list[i], list[i + 1]);
  return headers;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
