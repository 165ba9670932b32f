import type { AuthInfo } from '@armature/core';

/**
 * The seam between the protocol engine and a server framework: the engine reads one request
 * through `HttpRequestView` and answers through `HttpResponder`. The Node adapter writes to
 * `ServerResponse` directly and the fetch adapter builds a Web `Response`, so neither path
 * pays for the other's objects.
 */

/** Response headers as a flat `[name, value, name, value…]` list (Node's `writeHead` array form). */
export type HeaderList = readonly string[];

/** One incoming HTTP request. */
export interface HttpRequestView {
  readonly method: string;
  /** The request path without the query string (`/mcp`, `/.well-known/oauth-protected-resource/mcp`). */
  readonly path: string;
  /** A header by lower-case name; repeated headers joined with `, `. */
  header(name: string): string | undefined;
  /** All headers, for `MessageExtraInfo.requestInfo` (computed on demand). */
  headers(): Readonly<Record<string, string | string[] | undefined>>;
  /**
   * Reads the whole body and hands it to `consumer.body`, or `null` when it is larger than
   * `limit` bytes; a body already parsed by a framework (express.json()) comes back as that
   * value. `consumer.failed` hears a read error instead. One consumer object rather than a
   * promise or two callbacks: this is on every POST's path.
   */
  readBody(limit: number, consumer: BodyConsumer): void;
  /** The peer's IP address, when the server framework knows it. */
  readonly remoteAddress: string | undefined;
  /** Who an upstream authentication layer said the caller is. */
  readonly authInfo: AuthInfo | undefined;
}

/** Where a request body goes once read (`HttpRequestView.readBody`). */
export interface BodyConsumer {
  body(body: Uint8Array | ParsedBody | null): void;
  failed(error: unknown): void;
}

/** A body a framework has already parsed. */
export interface ParsedBody {
  readonly parsed: unknown;
}

/** An open SSE response. */
export interface StreamSink {
  /** Writes text; returns false once the peer is gone or too far behind (then the sink closes). */
  write(text: string): boolean;
  /** Ends the response. Idempotent. */
  end(): void;
  readonly closed: boolean;
  /** Called once when the response ends for any reason (our `end`, peer disconnect). */
  onClose(listener: () => void): void;
}

/** How the engine answers. Exactly one of `send` / `openStream` is called per request. */
export interface HttpResponder {
  send(status: number, headers: HeaderList, body: string | undefined): void;
  openStream(headers: HeaderList): StreamSink;
  /**
   * Optional: calls `listener` once if the client goes away before the response has been sent
   * in full (MCP 2026-07-28: closing a request's stream cancels the request).
   */
  onClientGone?(listener: () => void): void;
}
