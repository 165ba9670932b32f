/**
 * The transport facts of the request a handler serves (`ctx.requestInfo`): what HTTP or the
 * WebSocket upgrade said about the caller beyond the MCP message itself (a tenant header,
 * `User-Agent`, `X-Forwarded-For`, the peer's address). stdio and in-memory sessions have none.
 */

/** Request headers: lower-case names; a header Node keeps as a list (`set-cookie`) is an array. */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** What `ctx.requestInfo` holds, read-only. */
export interface TransportRequestInfo {
  /**
   * `http`: the Streamable HTTP request that carried this message. `websocket`: the upgrade
   * request that opened the connection (the same for every message of it).
   */
  readonly transport: 'http' | 'websocket';
  /** The HTTP method: `POST` for a Streamable HTTP message, `GET` for a WebSocket upgrade. */
  readonly method: string;
  /** The request path without the query string (`/mcp`). */
  readonly path: string;
  /**
   * The request headers without credentials: `authorization`, `proxy-authorization` and
   * `cookie` are removed (the principal is `ctx.authInfo`). Frozen; copied on first read.
   */
  readonly headers: RequestHeaders;
  /**
   * The peer's IP address as the socket saw it: behind a proxy, the proxy's (read
   * `x-forwarded-for` from `headers` only when you trust the proxy). Undefined when the server
   * framework does not say (a Web `fetch` handler without `remoteAddress`).
   */
  readonly remoteAddress: string | undefined;
}

/** Headers that carry credentials and never reach handlers (nor `MessageExtraInfo.requestInfo`). */
export const CREDENTIAL_HEADERS: readonly string[] = Object.freeze(['authorization', 'proxy-authorization', 'cookie']);

/** A frozen copy of `headers` without `CREDENTIAL_HEADERS`. */
export function withoutCredentials(headers: RequestHeaders): RequestHeaders {
  const copy: Record<string, string | string[] | undefined> = {};
  for (const name of Object.keys(headers)) {
    if (name === 'authorization' || name === 'proxy-authorization' || name === 'cookie') continue;
    const value = headers[name];
    copy[name] = Array.isArray(value) ? (Object.freeze([...value]) as string[]) : value;
  }
  return Object.freeze(copy);
}

/**
 * Whether `value` is request info an Armature transport built. Other transports (the SDK's)
 * may pass `{ headers }` of their own, unfiltered; those never reach `ctx.requestInfo`.
 */
export function isTransportRequestInfo(value: unknown): value is TransportRequestInfo {
  const transport = (value as { transport?: unknown } | undefined)?.transport;
  return transport === 'http' || transport === 'websocket';
}

/** The Armature request info of a message's `MessageExtraInfo`, if any (read per request: keep it cheap). */
export function requestInfoOf(extra: { readonly requestInfo?: unknown } | undefined): TransportRequestInfo | undefined {
  const info = extra?.requestInfo;
  return isTransportRequestInfo(info) ? info : undefined;
}
