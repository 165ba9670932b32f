import type { EventStore } from '../events/event-store';
import type { SessionStateStore } from '../session-state/session-state-store';
import type { CorsOptions } from '../security/cors.policy';
import type { ServerLogger } from '@armature/core';
import type { Allowlist, ProtectedResourceOptions, VerifyToken } from '@armature/core/internal';

/**
 * Options of the Streamable HTTP handler (`createHttpHandler`, `listenHttp`). Every default
 * is the safe one: sessions on, DNS-rebinding checks on, 4 MiB bodies, resumable streams.
 */
export interface HttpHandlerOptions {
  /**
   * Serve without sessions: no `Mcp-Session-Id`, each POST handled by a fresh session that
   * is already initialized; GET and DELETE answer 405; server→client requests (elicitation,
   * sampling, roots) fail with an error that says why. Default `false`.
   */
  readonly stateless?: boolean;
  /** Largest accepted POST body in bytes; larger → 413. Default 4 MiB. */
  readonly maxBodyBytes?: number;
  /** Deepest accepted nesting of objects and arrays in a message; deeper → 400 (-32600). Default 64. */
  readonly maxDepth?: number;
  /** Longest accepted string request id, in characters; longer → 400 (-32600, the id not echoed). Default 256. */
  readonly maxIdLength?: number;
  /** Most live sessions; an `initialize` beyond it → 503 with `Retry-After: 5`. Default 1 000. */
  readonly maxSessions?: number;
  /**
   * Most stateless requests running at once on this endpoint (MCP 2026-07-28 POSTs without a
   * session, and every POST with `stateless: true`); one more is answered `503` with
   * `Retry-After: 1` and the JSON-RPC error -32004 (`data.maxStatelessInflight`) under its id.
   * Requests answered at once never count; `subscriptions/listen` streams hold no work and are
   * not counted. Default 1 000.
   */
  readonly maxStatelessInflight?: number;
  /**
   * A session with no request in flight and no open stream for this long is closed; its id
   * then answers 404. Default 30 minutes; `0` disables expiry.
   */
  readonly sessionIdleTimeoutMs?: number;
  /**
   * Where SSE events are kept for `Last-Event-ID` resumption. Default: a bounded
   * `InMemoryEventStore`; `false` turns resumability (and priming events) off.
   */
  readonly eventStore?: EventStore | false;
  /**
   * Where the state of 2025 sessions is kept (id, principal, version, client capabilities and
   * info, log level, subscriptions). Default: this process (`InMemorySessionStore`). With a
   * shared store (`@armature/redis`), a request whose `Mcp-Session-Id` another instance opened
   * is served here from the stored state instead of 404; see docs/deploying.md.
   */
  readonly sessionStore?: SessionStateStore;
  /**
   * With a shared session store and an event store, how long the answer to a request waits for
   * the event-store appends its handler started (a `resources/updated` or `list_changed` it
   * raised, stored for the GET streams it reaches), so an answered call's events survive the
   * instance being killed right after answering. Default 5 000 ms; past it the answer goes out
   * anyway (the appends go on). `0`: answers never wait (events raised just before a crash may be lost).
   */
  readonly appendWaitMs?: number;
  /**
   * How long a server→client request sent on a 2025 session's GET stream (a task's elicitation,
   * sampling or roots request, stored for a client that may be away and resume later) waits for
   * the client's answer, on whichever instance it is POSTed. Past it the handler's `ctx.elicit`
   * (…) rejects with a `ClientRequestError` of code -32001 saying no answer came, and the client
   * is sent `notifications/cancelled` for it. Default 600 000 ms (10 min: a person may be
   * answering); `0`: no limit (the request waits as long as its task or session lives).
   */
  readonly clientAnswerTimeoutMs?: number;
  /** SSE stream behaviour. */
  readonly sse?: SseOptions;
  /**
   * Allowed `Host` header values; a bare name matches any port. Default: `localhost`,
   * `127.0.0.1`, `[::1]`. `'*'` turns the Host check off (only behind a proxy that checks it).
   */
  readonly allowedHosts?: Allowlist;
  /**
   * Allowed `Origin` values (`https://app.example.com`). A request without `Origin` is not a
   * browser's and is allowed. Default: origins whose host passes `allowedHosts`. `'*'` allows any.
   */
  readonly allowedOrigins?: Allowlist;
  /**
   * `MCP-Protocol-Version` values accepted on requests after `initialize`. Default:
   * 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05.
   */
  readonly protocolVersions?: readonly string[];
  /**
   * Optional bearer-token check on every request (401 when missing, rejected or expired); the
   * principal reaches handlers as `ctx.authInfo`, and a session stays bound to the client that
   * opened it. Without it, an upstream middleware may set `req.auth` (Node) or pass `authInfo` (fetch).
   */
  readonly verifyToken?: VerifyToken;
  /**
   * Makes this server an OAuth protected resource (MCP 2025-11-25, authorization): serves the
   * RFC 9728 metadata at `/.well-known/oauth-protected-resource` (and its path-suffixed form),
   * names it in every challenge, and refuses tokens issued for another audience. Default: none.
   */
  readonly protectedResource?: ProtectedResourceOptions;
  /**
   * The RFC 9728 metadata URL sent in `WWW-Authenticate`. Default: derived from
   * `protectedResource.resource`; set it when the metadata is hosted elsewhere.
   */
  readonly resourceMetadataUrl?: string;
  /**
   * A long-lived stream (a 2025 GET stream, a 2026 `subscriptions/listen` stream) ends when the
   * token it was opened with expires (`expiresAt`). A token without it (an introspected token
   * without `exp`, an API key) is verified again this often, in ms, and the stream ended once
   * it is refused. Default 5 minutes; `0` never re-verifies.
   */
  readonly reverifyTokenMs?: number;
  /** CORS for browser clients (preflights, exposed headers). Default: off. */
  readonly cors?: CorsOptions;
  /** Receives transport-level errors (a failed connect, a failing event store). Never writes to stdout. */
  readonly onError?: (error: Error) => void;
  /**
   * Where one-line notes for the operator go (`warn`: a request naming another principal's
   * session, a stream ended because its token expired). Never a token or a session id.
   * Default: core's stderr logger.
   */
  readonly logger?: Pick<ServerLogger, 'warn' | 'debug'>;
}

/** SSE stream options (MCP 2025-11-25, transports §Sending Messages and §Resumability). */
export interface SseOptions {
  /**
   * Start resumable streams with a priming event (an event id, empty data) for clients of
   * 2025-11-25 or later. Default `true` when an event store is configured.
   */
  readonly priming?: boolean;
  /** `retry` (ms) sent with priming events and before a server-side close. Default: none. */
  readonly retryMs?: number;
  /**
   * SSE polling: close each resumable connection after this many ms; the client reconnects
   * (after `retryMs`) with `Last-Event-ID` and misses nothing. Default: never.
   */
  readonly closeAfterMs?: number;
  /** Keep-alive comment interval on quiet streams, in ms; `false` for none. Default 25 000. */
  readonly keepAliveMs?: number | false;
}

/** `listenHttp` options: where to listen, plus the handler options. */
export interface ListenHttpOptions extends HttpHandlerOptions {
  /** Interface to bind. Default `127.0.0.1` (local only; see `allowedHosts` before widening). */
  readonly host?: string;
  /** TCP port; `0` picks a free one. Default 3000. */
  readonly port?: number;
  /** The MCP endpoint path; other paths answer 404. Default `/mcp`. */
  readonly path?: string;
  /**
   * Longest time, in ms, a client may take to send a request's headers; then 408 and the
   * connection is closed (node:http `headersTimeout`). Default 10 000; at most `requestTimeout`.
   */
  readonly headersTimeout?: number;
  /**
   * Longest time, in ms, a client may take to send a whole request, body included, so a body
   * trickled a byte at a time cannot hold a socket open (node:http `requestTimeout`; responses,
   * SSE streams included, are not limited by it). Default 30 000; 0 disables.
   */
  readonly requestTimeout?: number;
  /**
   * **Experimental**: serves an MCP Server Card (SEP-2127, a draft: the card's shape may change
   * in a minor release) at `GET <path>/server-card`, as `application/mcp-server-card+json`.
   * `true` reads the `server.json` `armature build` wrote beside the manifest. Off by default.
   */
  readonly experimentalServerCard?: boolean | ServerCardOptions;
}

/** Options of the experimental server card (see `ListenHttpOptions.experimentalServerCard`). */
export interface ServerCardOptions {
  /** The `server.json` to read. Default: the nearest one beside an `armature.manifest.json` above the entry script. */
  readonly serverJson?: string;
  /** The endpoint URL clients reach (behind a proxy, the public one). Default: the URL listened on. */
  readonly url?: string;
  /** List the manifest's tools, resources and prompts under `_meta["dev.armature/primitives"]`. Default true. */
  readonly listPrimitives?: boolean;
}
