import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@armature/core';
import type { HeaderList, HttpRequestView, HttpResponder, ParsedBody, StreamSink } from './http-exchange';
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
  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly parsed: ParsedBody | undefined,
  ) {}

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
    const value = this.req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  headers(): Readonly<Record<string, string | string[] | undefined>> {
    return this.req.headers;
  }

  readBody(limit: number, done: (body: Uint8Array | ParsedBody | null) => void, failed: (error: unknown) => void): void {
    if (this.parsed !== undefined) return done(this.parsed);
    const req = this.req;
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // Discard the rest while the 413 goes out; `connection: close` (set by send) ends
        // the socket after it, so an endless body cannot keep it.
        req.resume();
        done(null);
        return;
      }
      chunks.push(chunk);
    };
    // Nothing is removed after 'end': the request emits nothing more, and its listeners go
    // with it (one removal fewer per listener per request). 'error' stays, a no-op by then.
    const onEnd = (): void => done(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    const onError = (error: Error): void => {
      cleanup();
      failed(error);
    };
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
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
    const length = body === undefined ? 0 : Buffer.byteLength(body);
    const list =
      status === 413
        ? [...headers, 'content-length', String(length), 'connection', 'close']
        : [...headers, 'content-length', String(length)];
    res.writeHead(status, list);
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
