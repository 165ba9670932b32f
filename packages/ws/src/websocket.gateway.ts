import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AuthInfo, TransportRequestInfo } from '@armature/core';
import { bearerReverifier, Deadline, watchToken, type ConnectableApp, type ConnectedSession } from '@armature/core/internal';
import { WebSocketServer, type WebSocket } from 'ws';
import { WsCloseCode, WsCloseReason } from './close-codes';
import { Heartbeat } from './heartbeat';
import { explainOversizeClose } from './oversize.hook';
import { rejectUpgrade } from './reject-upgrade';
import { checkUpgrade, MCP_SUBPROTOCOL } from './upgrade.guard';
import { isPeerGone, WebSocketServerTransport } from './websocket.transport';
import { resolveWsOptions, type ResolvedWsOptions, type WsOptions } from './ws-options';

/** How long `close()` waits for in-flight requests by default (the same as @armature/http). */
export const DEFAULT_DRAIN_MS = 10_000;

/**
 * Turns HTTP upgrade requests into MCP sessions: checks Host, Origin, the `mcp` subprotocol
 * and (optionally) the bearer token before upgrading, then connects one session per socket
 * (`app.connect(transport)`) and watches it with a heartbeat. Use it directly as an `upgrade`
 * handler in any `node:http` server, or through `listenWs` / `attachWs`.
 */
export class WsGateway {
  /** The options in force, defaults applied. */
  readonly options: ResolvedWsOptions;
  private readonly wss: WebSocketServer;
  private readonly heartbeat: Heartbeat;
  /** Open connections, each with its session once `app.connect` has handed it back. */
  private readonly connections = new Map<WebSocketServerTransport, ConnectedSession | undefined>();
  private closing = false;

  constructor(
    private readonly app: ConnectableApp,
    options: WsOptions = {},
  ) {
    this.options = resolveWsOptions(options);
    this.heartbeat = new Heartbeat(this.options.heartbeatIntervalMs);
    this.wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      maxPayload: this.options.maxPayload,
      // A text frame that is not UTF-8 closes the socket with 1007 (RFC 6455 §8.1): ws checks
      // it, and explainOversizeClose adds the reason.
      skipUTF8Validation: false,
      perMessageDeflate: false,
      // checkUpgrade has already required the offer, so the answer is always `mcp`.
      handleProtocols: () => MCP_SUBPROTOCOL,
    });
  }

  /** Number of open WebSocket sessions. */
  get connectionCount(): number {
    return this.connections.size;
  }

  /** Whether an upgrade request is for this gateway's path. */
  matches(req: IncomingMessage): boolean {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    return (query < 0 ? url : url.slice(0, query)) === this.options.path;
  }

  /** An `upgrade` event handler: serves the request, or refuses it with an HTTP status. */
  readonly handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', (error) => {
      // A client that drops its connection is no error: once upgraded, its transport notes it
      // in one debug line; during the handshake there is nothing to note.
      if (!isPeerGone(error)) this.options.onError(error);
    });
    if (this.closing) return rejectUpgrade(socket, 503, 'Server shutting down');
    if (!this.matches(req)) return rejectUpgrade(socket, 404, `No MCP WebSocket endpoint at this path; use ${this.options.path}`);
    checkUpgrade(req, this.options).then(
      (verdict) => {
        if (!verdict.ok) return rejectUpgrade(socket, verdict.status, verdict.message, verdict.headers);
        if (socket.destroyed) return;
        if (this.closing) return rejectUpgrade(socket, 503, 'Server shutting down');
        this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, verdict.requestInfo, verdict.authInfo));
      },
      (error: unknown) => {
        this.options.onError(error instanceof Error ? error : new Error(String(error)));
        rejectUpgrade(socket, 500, 'Internal error');
      },
    );
  };

  /**
   * Graceful shutdown: refuses new upgrades (503), ends every open MCP 2026-07-28
   * `subscriptions/listen` stream with its result, waits for every request in flight to be
   * answered and for those answers (and the listen results) to be written, then closes every
   * session with 1001 (requests still running then have their signals aborted). All of it within `drainMs`: it ends as soon
   * as the work is flushed and the peers answer the close, and a peer that does not answer by
   * the end of the window is dropped. Does not close the HTTP server the gateway is attached to.
   * @param drainMs Longest the whole shutdown takes, default 10 s; 0 closes at once.
   */
  async close(drainMs = DEFAULT_DRAIN_MS): Promise<void> {
    this.closing = true;
    this.heartbeat.stop();
    const end = new Deadline(drainMs);
    const transports = [...this.connections.keys()];
    // Listen streams hold no work: they end first, and whenFlushed waits for their results too.
    this.endListens();
    if (transports.length > 0) await end.race(Promise.all(transports.map((transport) => transport.whenFlushed())), undefined);
    // A stream opened while the drain ran ends too; ws writes its result ahead of the close frame.
    this.endListens();
    await Promise.all(transports.map((transport) => transport.closeWith(WsCloseCode.GoingAway, WsCloseReason.shutdown, end.left())));
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private endListens(): void {
    for (const session of this.connections.values()) session?.endListens?.();
  }

  /** Closes the connection with 1008 when its token expires, or once a re-verification refuses it. */
  private watchToken(transport: WebSocketServerTransport, authInfo: AuthInfo, requestInfo: TransportRequestInfo): () => void {
    const options = this.options;
    return watchToken({
      authInfo,
      reverify: bearerReverifier(options.auth, options.verifyToken, authInfo, requestInfo, (error) =>
        options.onError(error instanceof Error ? error : new Error(String(error))),
      ),
      reverifyEveryMs: options.reverifyTokenMs,
      onEnd: (why) => {
        options.logger.debug(`closing a WebSocket (1008): its access token ${why === 'expired' ? 'expired' : 'is no longer accepted'}`);
        void transport.closeWith(WsCloseCode.PolicyViolation, why === 'expired' ? WsCloseReason.tokenExpired : WsCloseReason.tokenRejected);
      },
    });
  }

  private accept(ws: WebSocket, requestInfo: TransportRequestInfo, authInfo: AuthInfo | undefined): void {
    explainOversizeClose(ws, this.options.maxPayload);
    this.heartbeat.add(ws);
    const transport = new WebSocketServerTransport(ws, {
      highWaterMark: this.options.highWaterMark,
      maxBufferedBytes: this.options.maxBufferedBytes,
      logger: this.options.logger,
      decodeLimits: {
        maxBytes: this.options.maxPayload,
        ...(this.options.maxDepth === undefined ? {} : { maxDepth: this.options.maxDepth }),
        ...(this.options.maxIdLength === undefined ? {} : { maxIdLength: this.options.maxIdLength }),
      },
      // The token reached the verifier; the request info handlers see does not carry it.
      requestInfo,
      ...(authInfo === undefined ? {} : { authInfo }),
    });
    // Until the session installs its own handler (and for anything it passes on).
    transport.onerror = this.options.onError;
    this.connections.set(transport, undefined);
    const stopWatch = authInfo === undefined ? undefined : this.watchToken(transport, authInfo, requestInfo);
    ws.once('close', () => {
      this.connections.delete(transport);
      stopWatch?.();
    });
    // The session ends itself when the transport reports its close (see WebSocketServerTransport).
    this.app.connect(transport).then(
      (session) => {
        // Not after the socket closed: the connection is gone from the map then.
        if (this.connections.has(transport)) this.connections.set(transport, session);
      },
      (error: unknown) => {
        this.options.onError(error instanceof Error ? error : new Error(String(error)));
        void transport.closeWith(WsCloseCode.InternalError, WsCloseReason.sessionFailed);
      },
    );
  }
}
