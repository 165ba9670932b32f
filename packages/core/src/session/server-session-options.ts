import type { NotificationPacing } from '../context/notification-pacing';
import type { ConnectOptions } from './connectable-app';
import type { Implementation, LoggingLevel } from '../wire/mcp-types.generated';
import type { ServerFeatures } from '../protocol/server-features';
import type { SessionRegistry } from '../protocol/session-registry';
import type { ServerLogger } from '../logging/server-logger';

/** Options of one `ServerSession`. */
export interface ServerSessionOptions {
  /** Sent as `serverInfo` in the initialize result. */
  readonly serverInfo: Implementation;
  /** Sent as `instructions` in the initialize result. */
  readonly instructions?: string;
  /** What the application serves; absent features are not advertised and their methods answer -32601. */
  readonly features: ServerFeatures;
  /** Entries per page of every paginated list result (default 1000). */
  readonly pageSize?: number;
  /** Longest URI a request may name (default 8192); longer → -32602 "URI too long". */
  readonly maxUriLength?: number;
  /**
   * Deadline per request in milliseconds (default 300 000); when it passes, the client gets
   * a -32001 error and the handler's `signal` aborts. Enforced with a resolution of 1/8 of the
   * timeout (a request ends between 1 and 1.125 timeouts). 0 disables deadlines.
   */
  readonly requestTimeoutMs?: number;
  /**
   * Most requests of this session running at once (default 100); one more is answered -32004
   * (`TooManyRequests`) at once and the session keeps serving. Requests answered synchronously
   * never count.
   */
  readonly maxInflightRequests?: number;
  /** How fast one request may send progress and log notifications (default `DEFAULT_PACING`). */
  readonly pacing?: NotificationPacing;
  /**
   * Most MCP 2026-07-28 `subscriptions/listen` streams open on this connection (default 100),
   * counted apart from `maxInflightRequests`; one more is answered -32004.
   */
  readonly maxListensPerPrincipal?: number;
  /**
   * How long in-flight requests may still run once the peer stops sending (stdio EOF) before
   * the session closes and answers what is left with -32000 (default 10 000 ms).
   */
  readonly drainTimeoutMs?: number;
  /** Where diagnostics go (default: stderr). */
  readonly logger?: ServerLogger;
  /** Lowest level of `notifications/message` sent before the client calls `logging/setLevel` (default `info`). */
  readonly defaultLogLevel?: LoggingLevel;
  /**
   * Where the session enlists while it lives (at `start()`; an ephemeral session only once a
   * request of it runs asynchronously) and whose `draining` flag refuses new requests.
   */
  readonly registry?: SessionRegistry;
  /**
   * The request-scoped kernel that serves MCP 2026-07-28 requests (a request carrying the
   * `_meta` envelope before any `initialize`). Without it the session serves 2025 only.
   */
  readonly kernel?: import('../kernel/request-kernel').RequestKernel;
  /** `capabilities.experimental` of the initialize result (what the author declared). */
  readonly experimentalCapabilities?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** What watches every request (telemetry); see `RequestObserver`. */
  readonly observer?: import('../kernel/request-observer').RequestObserver;
  /** Start as if `initialize` had happened (stateless Streamable HTTP). */
  readonly assumeInitialized?: ConnectOptions['assumeInitialized'];
}

/** Default `pageSize`. */
export const DEFAULT_PAGE_SIZE = 1000;
/** Default `requestTimeoutMs`: five minutes. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;
/** Default `maxInflightRequests`: enough for any real client, few enough to bound one session's work. */
export const DEFAULT_MAX_INFLIGHT_REQUESTS = 100;
/** Default `drainTimeoutMs`: ten seconds. */
export const DEFAULT_DRAIN_TIMEOUT_MS = 10_000;
