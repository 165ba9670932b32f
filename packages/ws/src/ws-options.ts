import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@armature/core';

/** Decides whether a browser `Origin` (or a `Host`) may connect. */
export type AllowList = readonly string[] | ((value: string) => boolean) | '*';

/**
 * Verifies the bearer token of an upgrade request (`Authorization: Bearer …`). Return the
 * principal, or `undefined` for an unknown/expired token (answered 401 before the upgrade).
 */
export type VerifyToken = (token: string, req: IncomingMessage) => AuthInfo | undefined | Promise<AuthInfo | undefined>;

/** Options of the WebSocket gateway (used by `listenWs`, `attachWs` and `WsGateway`). */
export interface WsOptions {
  /**
   * Only upgrade requests for this path are served (the query string is ignored). Default
   * `/mcp`, the same endpoint as @armature/http, so both can share one port.
   */
  readonly path?: string;
  /**
   * Browser origins allowed to connect. Requests without an `Origin` header (non-browser
   * clients) are always allowed. Default: `http(s)://localhost`, `127.0.0.1` and `[::1]` on any
   * port — the DNS-rebinding defence the spec asks of local servers. `'*'` disables the check.
   */
  readonly allowedOrigins?: AllowList;
  /**
   * Host names (without port) the `Host` header may carry. Default: `localhost`, `127.0.0.1`,
   * `[::1]`. Set it when serving on a public interface; `'*'` disables the check.
   */
  readonly allowedHosts?: AllowList;
  /** Largest accepted message in bytes; larger frames close the socket with 1009. Default 4 MiB. */
  readonly maxPayload?: number;
  /** Deepest accepted JSON nesting; deeper messages are answered -32600. Default 64. */
  readonly maxDepth?: number;
  /** Milliseconds between heartbeat pings; a peer that misses one pong is terminated. Default 30 000; 0 disables. */
  readonly heartbeatIntervalMs?: number;
  /**
   * Bytes queued on a socket above which `send()` waits until the frame is flushed, so a
   * slow reader slows its own session down instead of growing server memory. Default 1 MiB.
   */
  readonly highWaterMark?: number;
  /** Optional bearer-token check before the upgrade; the principal reaches handlers as `ctx.authInfo`. */
  readonly verifyToken?: VerifyToken;
  /** Sent in `WWW-Authenticate` on 401 (RFC 9728 protected-resource metadata URL). */
  readonly resourceMetadataUrl?: string;
  /** Called with errors that have no peer to go to (socket errors, failed connects). Default: ignored. */
  readonly onError?: (error: Error) => void;
}

/** `WsOptions` with defaults applied. */
export interface ResolvedWsOptions {
  readonly path: string;
  readonly allowedOrigins: AllowList;
  readonly allowedHosts: AllowList;
  readonly maxPayload: number;
  readonly maxDepth: number | undefined;
  readonly heartbeatIntervalMs: number;
  readonly highWaterMark: number;
  readonly verifyToken: VerifyToken | undefined;
  readonly resourceMetadataUrl: string | undefined;
  readonly onError: (error: Error) => void;
}

/** The default endpoint path. */
export const DEFAULT_PATH = '/mcp';
/** 4 MiB, the same body limit as @armature/http. */
export const DEFAULT_MAX_PAYLOAD = 4 * 1024 * 1024;
/** The localhost names accepted by default in `Host` and `Origin`. */
export const LOCALHOST_NAMES: readonly string[] = Object.freeze(['localhost', '127.0.0.1', '[::1]']);

/** Applies defaults and rejects nonsensical values early, at listen time rather than per connection. */
export function resolveWsOptions(options: WsOptions): ResolvedWsOptions {
  const maxPayload = options.maxPayload ?? DEFAULT_MAX_PAYLOAD;
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 30_000;
  const highWaterMark = options.highWaterMark ?? 1024 * 1024;
  for (const [name, value] of [['maxPayload', maxPayload], ['heartbeatIntervalMs', heartbeatIntervalMs], ['highWaterMark', highWaterMark]] as const) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`@armature/ws: ${name} must be a non-negative number, got ${value}`);
  }
  if (maxPayload === 0) throw new RangeError('@armature/ws: maxPayload must be positive (0 would mean unlimited)');
  const path = options.path ?? DEFAULT_PATH;
  if (!path.startsWith('/')) throw new RangeError(`@armature/ws: path must start with "/", got "${path}"`);
  return {
    path,
    allowedOrigins: options.allowedOrigins ?? isLocalOrigin,
    allowedHosts: options.allowedHosts ?? LOCALHOST_NAMES,
    maxPayload,
    maxDepth: options.maxDepth,
    heartbeatIntervalMs,
    highWaterMark,
    verifyToken: options.verifyToken,
    resourceMetadataUrl: options.resourceMetadataUrl,
    onError: options.onError ?? (() => undefined),
  };
}

/** The default origin policy: `http`/`https` on a localhost name, any port. */
function isLocalOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOCALHOST_NAMES.includes(url.hostname);
}
