import { DEFAULT_HEARTBEAT_INTERVAL_MS } from './heartbeat';
import { DEFAULT_MAX_BUFFERED_BYTES } from './websocket.transport';
import { stderrLogger, type ServerLogger } from '@armature/core';
import {
  BearerAuthenticator,
  createHostOriginGuard,
  DEFAULT_REVERIFY_TOKEN_MS,
  type Allowlist,
  type HostOriginGuard,
  type ProtectedResourceOptions,
  type VerifyToken as SharedVerifyToken,
} from '@armature/core/internal';

/**
 * Core's `VerifyToken`, the one verifier type of @armature/ws and @armature/http: it gets the
 * token and the upgrade request's facts (`TokenRequest`: method, path, headers without
 * credentials, remote address), before the upgrade. Kept as a name for existing code.
 */
export type VerifyToken = SharedVerifyToken;

/** Options of the WebSocket gateway (used by `listenWs`, `attachWs` and `WsGateway`). */
export interface WsOptions {
  /**
   * Only upgrade requests for this path are served (the query string is ignored). Default
   * `/mcp`, the same endpoint as @armature/http, so both can share one port.
   */
  readonly path?: string;
  /**
   * Allowed `Host` header values; a bare name matches any port, `name:port` matches exactly.
   * Default: `localhost`, `127.0.0.1`, `[::1]` (plus the bound address for `listenWs` on a
   * specific interface). `'*'` turns the check off (only behind a proxy that checks it).
   */
  readonly allowedHosts?: Allowlist;
  /**
   * Allowed browser origins (`https://app.example.com`). A handshake without `Origin` is not a
   * browser's and is allowed. Default: origins whose host passes `allowedHosts` — the
   * DNS-rebinding defence the spec asks of local servers. `'*'` allows any.
   */
  readonly allowedOrigins?: Allowlist;
  /** Largest accepted message in bytes; larger frames close the socket with 1009. Default 4 MiB. */
  readonly maxPayload?: number;
  /** Deepest accepted JSON nesting; deeper messages are answered -32600. Default 64. */
  readonly maxDepth?: number;
  /** Longest accepted string request id, in characters; longer → -32600 without the id. Default 256. */
  readonly maxIdLength?: number;
  /**
   * Milliseconds between heartbeat pings; a peer that misses one pong is terminated at the next
   * ping, so a silent peer is dropped within twice this. Default 10 000 (dropped within 20 s);
   * 0 disables.
   */
  readonly heartbeatIntervalMs?: number;
  /**
   * Bytes queued on a socket above which `send()` waits until the frame is flushed, so a
   * slow reader slows its own session down instead of growing server memory. Default 1 MiB.
   */
  readonly highWaterMark?: number;
  /**
   * Bytes queued on a socket above which the peer counts as not reading: the connection is
   * closed with 1008 instead of buffering more (its session ends). Default 16 MiB; at least
   * `highWaterMark`.
   */
  readonly maxBufferedBytes?: number;
  /** Where one-line notes on dropped or misbehaving peers go (`warn`, `debug`). Default: core's stderr logger. */
  readonly logger?: Pick<ServerLogger, 'warn' | 'debug'>;
  /** Optional bearer-token check before the upgrade; the principal reaches handlers as `ctx.authInfo`. */
  readonly verifyToken?: VerifyToken;
  /**
   * This server as an OAuth protected resource: the audience tokens must name, and the RFC 9728
   * metadata (served by `listenWs` at `/.well-known/oauth-protected-resource…`, named in every
   * challenge). `listenWs` defaults `resource` to `http://host:port/path`; a gateway or
   * `attachWs` must be told it. Default: none.
   */
  readonly protectedResource?: ProtectedResourceOptions;
  /** RFC 9728 metadata URL sent in `WWW-Authenticate` on 401. Default: derived from `protectedResource.resource`. */
  readonly resourceMetadataUrl?: string;
  /**
   * A connection whose token has `expiresAt` is closed with 1008 at that instant. A token
   * without it (an introspected token without `exp`, an API key) is verified again this often,
   * in ms, and the connection closed with 1008 once it is refused (revoked, inactive). Default
   * 5 minutes; `0` never re-verifies.
   */
  readonly reverifyTokenMs?: number;
  /** Called with errors that have no peer to go to (socket errors, failed connects). Default: ignored. */
  readonly onError?: (error: Error) => void;
}

/** `WsOptions` with defaults applied. */
export interface ResolvedWsOptions {
  readonly path: string;
  /** The compiled `allowedHosts` / `allowedOrigins` policy. */
  readonly hostOrigin: HostOriginGuard;
  readonly maxPayload: number;
  readonly maxDepth: number | undefined;
  readonly maxIdLength: number | undefined;
  readonly heartbeatIntervalMs: number;
  readonly highWaterMark: number;
  readonly maxBufferedBytes: number;
  readonly logger: Pick<ServerLogger, 'warn' | 'debug'>;
  readonly verifyToken: VerifyToken | undefined;
  /** Bearer checks, challenges and the metadata document; `null` without any auth option. */
  readonly auth: BearerAuthenticator | null;
  readonly reverifyTokenMs: number;
  readonly onError: (error: Error) => void;
}

/** The default endpoint path. */
export const DEFAULT_PATH = '/mcp';
/** 4 MiB, the same body limit as @armature/http. */
export const DEFAULT_MAX_PAYLOAD = 4 * 1024 * 1024;

/** Applies defaults and rejects nonsensical values early, at listen time rather than per connection. */
export function resolveWsOptions(options: WsOptions): ResolvedWsOptions {
  const maxPayload = options.maxPayload ?? DEFAULT_MAX_PAYLOAD;
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_INTERVAL_MS;
  const highWaterMark = options.highWaterMark ?? 1024 * 1024;
  const maxBufferedBytes = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  const reverifyTokenMs = options.reverifyTokenMs ?? DEFAULT_REVERIFY_TOKEN_MS;
  for (const [name, value] of [
    ['reverifyTokenMs', reverifyTokenMs],
    ['maxPayload', maxPayload],
    ['heartbeatIntervalMs', heartbeatIntervalMs],
    ['highWaterMark', highWaterMark],
    ['maxBufferedBytes', maxBufferedBytes],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`@armature/ws: ${name} must be a non-negative number, got ${value}`);
  }
  if (maxBufferedBytes < highWaterMark)
    throw new RangeError(`@armature/ws: maxBufferedBytes (${maxBufferedBytes}) must be at least highWaterMark (${highWaterMark})`);
  if (maxPayload === 0) throw new RangeError('@armature/ws: maxPayload must be positive (0 would mean unlimited)');
  const path = options.path ?? DEFAULT_PATH;
  if (!path.startsWith('/')) throw new RangeError(`@armature/ws: path must start with "/", got "${path}"`);
  return {
    path,
    hostOrigin: createHostOriginGuard(options.allowedHosts, options.allowedOrigins),
    maxPayload,
    maxDepth: options.maxDepth,
    maxIdLength: options.maxIdLength,
    heartbeatIntervalMs,
    highWaterMark,
    maxBufferedBytes,
    logger: options.logger ?? stderrLogger,
    verifyToken: options.verifyToken,
    auth:
      options.verifyToken === undefined && options.protectedResource === undefined && options.resourceMetadataUrl === undefined
        ? null
        : new BearerAuthenticator(options),
    reverifyTokenMs,
    onError: options.onError ?? (() => undefined),
  };
}
