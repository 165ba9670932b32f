import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@armature/core';
import type { BodyConsumer, HeaderList, HttpRequestView, HttpResponder, ParsedBody, StreamSink } from './http-exchange';
import { readNodeBody } from './node-body-read';
import { StreamSinkBase } from './stream-sink-base';

/** An SSE response may buffer this much for a slow reader before we drop the connection (it can resume). */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** `IncomingMessage` as auth middleware leaves it (the SDK's convention: `req.auth`). */
type AuthedRequest = IncomingMessage & { auth?: AuthInfo };

/**
 * One `node:http` request/response pair seen through the engine's seam. A single object is
 * both view and responder, so a request costs one allocation here.
 */
export class NodeExchange implements HttpRequestView, HttpResponder {
  /** `req.headers`, read once: node builds it on first read behind a getter, and a POST reads a dozen headers. */
  private readonly head: IncomingMessage['headers'];

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly parsed: ParsedBody | undefined,
  ) {
    this.head = req.headers;
  }

  get method(): string {
    return this.req.method ?? 'GET';
  }

  get path(): string {
    const url = this.req.url ?? '/';
    const query = url.indexOf('?');
    return query === -1 ? url : url.slice(0, query);
  }

  get remoteAddress(): string | undefined {
    return this.req.socket?.remoteAddress;
  }

  get authInfo(): AuthInfo | undefined {
    return (this.req as AuthedRequest).auth;
  }

  header(name: string): string | undefined {
    const value = this.head[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  headers(): Readonly<Record<string, string | string[] | undefined>> {
    return this.head;
  }

  readBody(limit: number, consumer: BodyConsumer): void {
    if (this.parsed !== undefined) return consumer.body(this.parsed);
    readNodeBody(this.req, limit, consumer);
  }

  send(status: number, headers: HeaderList, body: string | undefined): void {
    const res = this.res;
    if (res.headersSent || res.destroyed) return;
    if (status === 204) {
      // RFC 9110 §8.6: no Content-Length on a 204.
      res.writeHead(status, headers as string[]);
      res.end();
      return;
    }
    const length = body === undefined ? '0' : String(Buffer.byteLength(body));
    res.writeHead(status, withLength(headers, length, status === 413));
    res.end(body);
  }

  onClientGone(listener: () => void): void {
    const res = this.res;
    // 'close' after a complete response is the normal end; before it, the client left.
    res.once('close', () => {
      if (!res.writableFinished) listener();
    });
  }

  openStream(headers: HeaderList): StreamSink {
    const res = this.res;
    res.writeHead(200, headers as string[]);
    // Send the headers now: a GET stream may stay quiet for a long time.
    res.flushHeaders();
    return new NodeStreamSink(res);
  }
}

/**
 * `headers` plus Content-Length (and `connection: close` after a 413, whose unread body must
 * not keep the socket). Built without spreading: the usual list is one content-type pair.
 */
function withLength(headers: HeaderList, length: string, close: boolean): string[] {
  if (headers.length === 2 && !close) return [headers[0], headers[1], 'content-length', length];
  const list = headers.concat('content-length', length);
  if (close) list.push('connection', 'close');
  return list;
}

class NodeStreamSink extends StreamSinkBase {
  constructor(private readonly res: ServerResponse) {
    super();
    res.once('close', () => this.finish());
  }

  write(text: string): boolean {
    if (this.closed) return false;
    this.res.write(text);
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      // The reader is far behind; drop the connection rather than hold unbounded memory.
      this.res.destroy();
      this.finish();
      return false;
    }
    return true;
  }

  end(): void {
    if (this.closed) return;
    this.res.end();
    this.finish();
  }
}
