import type { NotificationBus } from '../bus/notification-bus';
import type { ListKind } from '../protocol/server-features';
import type { RequestKernel } from '../kernel/request-kernel';
import type { Transport } from '../transport/transport';
import type { ClientCapabilities, Implementation, JSONRPCMessage, LoggingLevel } from '../wire/mcp-types.generated';

// The app as transports see it. Declared beside the session engine (not in transport/), so the
// transport contract stays a leaf below the kernel and the request context.

/** Options for `ConnectableApp.connect`. */
export interface ConnectOptions {
  /**
   * Treat the session as already initialized with these facts (stateless Streamable HTTP,
   * where every request stands alone). Without it the session waits for `initialize`.
   */
  readonly assumeInitialized?: {
    readonly protocolVersion: string;
    readonly clientCapabilities?: ClientCapabilities;
    readonly clientInfo?: Implementation;
    /** The level `logging/setLevel` chose (a 2025 session served again from its stored state). */
    readonly logLevel?: LoggingLevel;
    /** The URIs of `resources/subscribe` (a 2025 session served again from its stored state). */
    readonly subscriptions?: readonly string[];
  };
  /**
   * Ids of server→client requests (elicitation, sampling, roots) become `<prefix><n>` strings
   * instead of numbers, so the copies of one session on several instances never issue the same
   * id and an answer names the instance that awaits it. Visible ASCII. Default: numbers.
   */
  readonly clientRequestIdPrefix?: string;
  /**
   * The session serves one exchange and has no channel for broadcasts (stateless Streamable
   * HTTP: one POST, one answer). The app then keeps track of it only while a request of it is
   * still running (so a graceful shutdown drains it), not for its whole life: a request
   * answered synchronously costs no bookkeeping, and `list_changed`/`resources/updated`, which
   * such a session could not deliver anyway, are not sent to it.
   */
  readonly ephemeral?: boolean;
}

/** A live MCP session as transports see it. */
export interface ConnectedSession {
  /** Ends the session; requests still in flight are answered with an error, never left silent. */
  close(): Promise<void>;
  /**
   * Optional (`ServerSession` has it): stop accepting new requests (they get -32000) and resolve
   * true once nothing is in flight, or false after `timeoutMs`. Transports call it before
   * `close()` for a graceful shutdown; without it they wait on their own bookkeeping.
   */
  drain?(timeoutMs: number): Promise<boolean>;
  /**
   * Optional (`ServerSession` has it): ends the connection's open MCP 2026-07-28
   * `subscriptions/listen` streams with their result at once. A transport that closes its
   * connections itself (WebSocket) calls it first in a graceful shutdown: the streams hold no
   * work, and their result must go out before the connection closes.
   */
  endListens?(): void;
  /**
   * Optional (`ServerSession` has it): applies a change another instance's copy of this session
   * made (`logging/setLevel`, `resources/subscribe|unsubscribe`), as if served here.
   */
  applyChange?(change: SessionChange): void;
}

/** A change to a 2025 session's state made elsewhere (see `ConnectedSession.applyChange`). */
export interface SessionChange {
  /**
   * The client sent `notifications/initialized` to another instance: the copy that answered
   * `initialize` (still waiting for it) may now send requests and notifications of its own.
   */
  readonly initialized?: true;
  readonly logLevel?: LoggingLevel;
  readonly subscribe?: string;
  readonly unsubscribe?: string;
}

/**
 * What transport packages (@armature/http, @armature/ws) need of an app: a way to attach a
 * transport as a new session. `Armature` apps implement it; `app.listen('--http')` loads
 * `@armature/http` lazily and calls its `listenHttp(app, options)` (likewise `listenWs`).
 */
export interface ConnectableApp {
  connect(transport: Transport, options?: ConnectOptions): Promise<ConnectedSession>;
  /**
   * Optional: `connect` that hands back the session itself, without a promise, when the
   * transport starts at once (a stateless HTTP exchange); else a promise, as `connect`. Throws
   * what `connect` would reject with when it cannot even begin (the app is closed).
   */
  connectNow?(transport: Transport, options?: ConnectOptions): ConnectedSession | Promise<ConnectedSession>;
  /**
   * Optional: the request-scoped kernel that serves MCP 2026-07-28 requests without a session.
   * Transports without it serve 2025-11-25 only.
   */
  requestKernel?(): RequestKernel;
  /** Optional: the app's notification bus, which transports use to keep session copies in step. */
  notificationBus?(): NotificationBus;
  /**
   * Optional: adds a route for messages to a 2025 session by its id that no request of this
   * instance carries (a task's status after the instance running it stopped). A transport whose
   * sessions outlive one instance (Streamable HTTP on a shared store) sends it to the instance
   * that writes the session's stream. Returns the route's removal.
   */
  routeSessionMessages?(route: SessionMessageRoute): () => void;
  /**
   * Resolves true once no task runs here any more and the final status of each was stored and
   * told (finished, or cancelled by the app's shutdown when its run window ends), or false after
   * `timeoutMs`. A transport ends its sessions after this on close, so a 2025 task's last
   * status reaches its session's stream first.
   */
  whenTasksIdle?(timeoutMs: number): Promise<boolean>;
  /**
   * Optional: the lists whose `list_changed` a 2025 session opened now would be told (the
   * `listChanged` capabilities `initialize` answers). A transport that stores sessions uses it to
   * fill in what a session stored before it recorded those lists lacks.
   */
  listsServed?(): readonly ListKind[];
}

/** Sends `message` towards the 2025 session `sessionId`, if the session is of this route's transport. */
export type SessionMessageRoute = (sessionId: string, message: JSONRPCMessage) => void;
