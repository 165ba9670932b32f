import type { AuthInfo } from '../context/request-context';
import type { RequestHeaders, TransportRequestInfo } from '../context/request-info';
import type { JSONRPCMessage, RequestId } from '../protocol/mcp-types.generated';

/** Options for one outgoing message. */
export interface TransportSendOptions {
  /**
   * The incoming request this message belongs to (its response, or a progress/log
   * notification or server→client request sent while handling it). Streamable HTTP uses
   * it to put the message on that request's response stream; stream transports ignore it.
   */
  readonly relatedRequestId?: RequestId;
}

/** What a transport knows about where a message came from. */
export interface MessageExtraInfo {
  readonly authInfo?: AuthInfo;
  /**
   * Transport-specific request facts. Armature's HTTP and WebSocket transports pass a
   * `TransportRequestInfo` (it becomes `ctx.requestInfo`); other transports (the SDK's) may
   * pass `{ headers }`, which handlers never see.
   */
  readonly requestInfo?: TransportRequestInfo | { readonly headers?: RequestHeaders };
}

/**
 * A bidirectional message channel for one MCP session. Deliberately the same shape as the
 * official SDK's `Transport`, so Armature servers can be connected to SDK transports (for
 * example its `InMemoryTransport`) and SDK servers to ours.
 *
 * Transports that carry text (stdio, WebSocket, HTTP bodies) decode it with core's shared
 * decoder (`decodeJsonRpc`), answer decoding failures themselves (-32700/-32600), and hand
 * only well-formed JSON values to `onmessage`. The kernel still checks message shape.
 */
export interface Transport {
  start(): Promise<void>;
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void>;
  close(): Promise<void>;
  onmessage?: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  /**
   * Optional (an Armature extension; SDK transports lack it). Called when the peer will send
   * nothing more but replies can still be delivered (stdio: stdin reached EOF). The session
   * then finishes its in-flight requests within its drain window and closes. A transport
   * whose `oninputend` is unset closes itself instead.
   */
  oninputend?: (() => void) | undefined;
  readonly sessionId?: string | undefined;
  /**
   * Optional (as in the SDK): told the negotiated protocol version after `initialize`, so an
   * HTTP transport can check the `MCP-Protocol-Version` header of later requests.
   */
  setProtocolVersion?: ((version: string) => void) | undefined;
}

/** Options for `ConnectableApp.connect`. */
export interface ConnectOptions {
  /**
   * Treat the session as already initialized with these facts (stateless Streamable HTTP,
   * where every request stands alone). Without it the session waits for `initialize`.
   */
  readonly assumeInitialized?: {
    readonly protocolVersion: string;
    readonly clientCapabilities?: import('../protocol/mcp-types.generated').ClientCapabilities;
    readonly clientInfo?: import('../protocol/mcp-types.generated').Implementation;
    /** The level `logging/setLevel` chose (a 2025 session served again from its stored state). */
    readonly logLevel?: import('../protocol/mcp-types.generated').LoggingLevel;
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
  readonly logLevel?: import('../protocol/mcp-types.generated').LoggingLevel;
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
   * Optional: the request-scoped kernel that serves MCP 2026-07-28 requests without a session.
   * Transports without it serve 2025-11-25 only.
   */
  requestKernel?(): import('../kernel/request-kernel').RequestKernel;
  /** Optional: the app's notification bus, which transports use to keep session copies in step. */
  notificationBus?(): import('../bus/notification-bus').NotificationBus;
}
