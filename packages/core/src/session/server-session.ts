import { ArmatureError } from '@armature/di';
import type { SessionInfo, SessionScope } from '../context/request-context';
import type { RelatedRequest, RequestHost } from '../context/request-host';
import { requestInfoOf } from '../context/request-info';
import { EngineErrorCode } from '../errors/engine-error-codes';
import { WireErrorCode } from '../errors/wire-error-codes';
import { errorResponse, isRequestId } from '../jsonrpc/json-rpc-errors';
import { checkJsonRpcShape } from '../jsonrpc/json-rpc-shape';
import type { ExchangeSink } from '../kernel/exchange-sink';
import { hasEnvelope, ONLY_2026 } from '../kernel/mcp-2026';
import { serveRequest, tooManyRequests } from '../kernel/request-exchange';
import type { AbortableRequest, IncomingRequest, RequestKernel } from '../kernel/request-kernel';
import { DEFAULT_MAX_LISTENS_PER_PRINCIPAL, tooManyListens } from '../kernel/listen-limits';
import type { Refusal } from '../kernel/revision';
import { REVISION_2025 } from './revision-2025';
import type { ConnectedSession, ConnectOptions, SessionChange } from './connectable-app';
import { DECODED_EXTRA } from '../transport/decoded-extra';
import type { MessageExtraInfo, Transport, TransportSendOptions } from '../transport/transport';
import { negotiateAssumed } from './lifecycle-methods';
import type { JSONRPCMessage, JSONRPCNotification, RequestId } from '../wire/mcp-types.generated';
import { NO_PARAMS, type RequestParamsRecord } from '../protocol/request-params';
import type { ElicitForm } from '../context/elicit-form';
import type { ListKind } from '../protocol/server-features';
import { type ServerLogger, stderrLogger } from '../logging/server-logger';
import { DEFAULT_DRAIN_TIMEOUT_MS, type ServerSessionOptions } from './server-session-options';
import { closeTransportThen, disposeScopeThen } from './session-closing';
import { SessionExchanges } from './session-exchanges';
import { SessionOutbox } from './session-outbox';
import { Phase } from '../protocol/session-phase';

const RESOLVED: Promise<void> = Promise.resolve();

const LIST_CHANGED: Readonly<Record<ListKind, JSONRPCNotification>> = Object.freeze({
  tools: Object.freeze({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }),
  resources: Object.freeze({ jsonrpc: '2.0', method: 'notifications/resources/list_changed' }),
  prompts: Object.freeze({ jsonrpc: '2.0', method: 'notifications/prompts/list_changed' }),
});

interface MessageRecord {
  readonly id?: RequestId;
  readonly method?: string;
  readonly params?: RequestParamsRecord;
  readonly result?: unknown;
  readonly error?: unknown;
}

/**
 * One MCP session over one transport. It routes what arrives: a 2025 request goes through
 * the request path both revisions share (`serveRequest` under `REVISION_2025`), with the
 * session's `initialize` state as the request's envelope (`SessionExchanges`: lifecycle
 * methods, in-flight ledger, progress and logs, subscriptions, server→client requests); on a
 * connection that never initialized, a request carrying the 2026 envelope goes to the app's
 * request kernel. Around that it owns the connection: starting, draining and closing without
 * leaving a request silent (`session-closing`), and its place in the app's registry.
 *
 * Every request gets exactly one response, except a request the client cancelled (MCP
 * cancellation: no reply is sent).
 */
export class ServerSession implements RequestHost, ConnectedSession {
  /** Called once after the session has closed and its scope was disposed. */
  onclose: (() => void) | undefined = undefined;

  private readonly assumed: ConnectOptions['assumeInitialized'];
  private readonly ephemeral: boolean;
  /** The session's state and the requests of it (transport, options, logger and outbox live there). */
  private readonly requests: SessionExchanges;
  /** MCP 2026-07-28 requests on this connection, by id, while they run (for cancellation; the kernel tracks them). */
  private handedOff: Map<RequestId, AbortableRequest> | undefined = undefined;
  /** Who waits (a drain) for the last hand-off to be answered. */
  private handOffsIdle: (() => void)[] | undefined = undefined;
  /** The handed-off requests that are `subscriptions/listen` streams: counted apart from requests in flight. */
  private listening: Set<RequestId> | undefined = undefined;
  private started = false;
  private closing: Promise<void> | undefined = undefined;
  private tornDown: Promise<void> | undefined = undefined;

  /**
   * @param transport The connection; `start()` installs its handlers, chaining any already set.
   * @param options Server identity, features and limits (one object may serve many sessions).
   * @param connect What this connection brings (`assumeInitialized`); takes precedence over the same field of `options`.
   */
  constructor(transport: Transport, options: ServerSessionOptions, connect?: ConnectOptions) {
    this.assumed = connect?.assumeInitialized ?? options.assumeInitialized;
    this.ephemeral = connect?.ephemeral === true;
    const logger = options.logger ?? stderrLogger;
    this.requests = new SessionExchanges(transport, options, new SessionOutbox(transport, logger), logger, this);
    if (connect?.clientRequestIdPrefix !== undefined) this.requests.clientRequestIdPrefix = connect.clientRequestIdPrefix;
  }

  // The connection's parts live on SessionExchanges, once: an idle session is kept small.
  private get transport(): Transport {
    return this.requests.transport;
  }

  private get options(): ServerSessionOptions {
    return this.requests.options;
  }

  private get logger(): ServerLogger {
    return this.requests.logger;
  }

  private get outbox(): SessionOutbox {
    return this.requests.outbox;
  }

  /** What is known of the client; placeholders until `initialize`. */
  get info(): SessionInfo {
    return this.requests.info;
  }

  /** What `ServerFeatures.openSession` returned for this session. */
  get sessionScope(): SessionScope | undefined {
    return this.requests.sessionScope;
  }

  /** Number of requests being worked on. */
  get inflightCount(): number {
    return this.requests.inflightCount;
  }

  /** Attaches to the transport and starts it. */
  start(): Promise<void> {
    // Not `async`: the transport's own promise is handed back, one promise fewer per session.
    try {
      return Promise.resolve(this.attach());
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private attach(): Promise<void> {
    if (this.started) throw new ArmatureError(EngineErrorCode.SESSION_MISUSE, 'ServerSession.start() was called twice');
    this.started = true;
    const transport = this.transport;
    const previousClose = transport.onclose;
    const previousError = transport.onerror;
    transport.onmessage = (message, extra) => this.receive(message, extra);
    transport.onclose = () => {
      previousClose?.();
      void this.teardown();
    };
    transport.onerror = (error) => {
      previousError?.(error);
      this.logger.warn('transport error', error);
    };
    // An ephemeral session's transport (one HTTP exchange) has no input stream to end.
    if (!this.ephemeral) {
      transport.oninputend = () => {
        void this.drain(this.options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS).then(() => this.close());
      };
    }
    const assumed = this.assumed;
    if (assumed !== undefined) {
      this.requests.establish(negotiateAssumed(assumed.protocolVersion), assumed.clientCapabilities ?? {}, assumed.clientInfo);
      this.requests.phase = Phase.Ready;
      if (assumed.logLevel !== undefined) this.applyChange({ logLevel: assumed.logLevel });
      for (const uri of assumed.subscriptions ?? []) this.applyChange({ subscribe: uri });
    }
    if (!this.ephemeral) this.requests.enlist();
    return transport.start();
  }

  /**
   * Ends the session: requests still in flight are answered with -32000 (never left
   * silent), their signals abort, the transport closes and the session scope is disposed.
   */
  close(): Promise<void> {
    if (this.closing !== undefined) return this.closing;
    if (this.requests.phase !== Phase.Closed) {
      this.outbox.flush();
      this.requests.closeAll();
      // 2026 requests on this connection: answered -32000 here, before the transport closes.
      // Copied first (shutdown removes from the map); skipped when empty, as on every stateless request.
      if (this.handedOff !== undefined && this.handedOff.size > 0) for (const exchange of [...this.handedOff.values()]) exchange.shutdown();
      // A closing answer to a request that sent progress waits for the settle pause: send it now.
      this.outbox.flush();
    }
    this.closing = closeTransportThen(this.transport, this.logger, () => this.teardown());
    return this.closing;
  }

  /**
   * Closes, and tears down without waiting for the transport's close to finish (a shutdown
   * past its window: a WebSocket peer that never completes the close handshake must not keep
   * the session scope alive while the container's hooks run).
   */
  abandon(): Promise<void> {
    void this.close();
    return this.teardown();
  }

  /**
   * Stops accepting requests (new ones get -32000) and resolves true once nothing is in
   * flight, or false after `timeoutMs`. Use before `close()` for a graceful shutdown.
   */
  drain(timeoutMs: number): Promise<boolean> {
    this.requests.stopping = true;
    if (this.handedOff === undefined || this.handedOff.size === 0) return this.requests.whenIdle(timeoutMs);
    const start = Date.now();
    return this.handOffsAnswered(timeoutMs).then((idle) =>
      idle ? this.requests.whenIdle(Math.max(0, timeoutMs - (Date.now() - start))) : false,
    );
  }

  /** Ends this connection's open listen streams with their result (see `ConnectedSession.endListens`). */
  endListens(): void {
    const listening = this.listening;
    if (listening === undefined || listening.size === 0) return;
    // Each result goes out through the hand-off's sink at once, which also forgets the stream.
    for (const id of [...listening]) this.handedOff?.get(id)?.shutdown();
  }

  /** Resolves true once no 2026 request of this connection runs, false after `timeoutMs`. */
  private handOffsAnswered(timeoutMs: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      (this.handOffsIdle ??= []).push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private handOffEnded(id: RequestId): void {
    this.listening?.delete(id);
    const handedOff = this.handedOff;
    if (handedOff === undefined || !handedOff.delete(id) || handedOff.size > 0) return;
    const waiters = this.handOffsIdle;
    this.handOffsIdle = undefined;
    for (const wake of waiters ?? []) wake();
  }

  /** Applies a change another instance's copy of this session made (see `ConnectedSession.applyChange`). */
  applyChange(change: SessionChange): void {
    this.requests.apply(change);
  }

  /** Sends `notifications/<kind>/list_changed` once the client is initialized and if the feature is served. */
  notifyListChanged(kind: ListKind, eventKey?: string): Promise<void> {
    if (this.requests.phase !== Phase.Ready || this.options.features[kind] === undefined) return RESOLVED;
    return this.outbox.notify(LIST_CHANGED[kind], eventKey === undefined ? undefined : { eventKey });
  }

  /** Sends `notifications/resources/updated` if this session subscribed to `uri`. */
  notifyResourceUpdated(uri: string, eventKey?: string): Promise<void> {
    const subscriptions = this.requests.subscriptions;
    if (this.requests.phase !== Phase.Ready || subscriptions === undefined || !subscriptions.has(uri)) return RESOLVED;
    const message: JSONRPCNotification = { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } };
    return this.outbox.notify(message, eventKey === undefined ? undefined : { eventKey });
  }

  /** RequestHost: whether a log of this severity rank passes `logging/setLevel`. */
  elicitForm(key: string): ElicitForm | undefined {
    return this.options.features.elicitForm?.(key);
  }

  logEnabled(rank: number): boolean {
    return rank >= this.requests.logRank;
  }

  /** RequestHost: the session closed here (an HTTP copy idled out, the app shut down); later sends are dropped. */
  get sessionClosed(): boolean {
    return this.outbox.closed;
  }

  /** RequestHost: sends a notification (progress, log) for a request; never rejects. */
  notify(notification: JSONRPCNotification, related: TransportSendOptions | undefined): Promise<void> {
    return this.outbox.notify(notification, related);
  }

  /** RequestHost: a server→client request on behalf of an incoming request, checked against the client's capabilities. */
  request(method: string, params: Record<string, unknown>, related: RelatedRequest): Promise<Record<string, unknown>> {
    return this.requests.askClient(method, params, related);
  }

  private receive(message: JSONRPCMessage, extra: MessageExtraInfo | undefined): void {
    if (this.requests.phase === Phase.Closed) return;
    // Core's stdio transport decoded and shape-checked it already (with its own limits).
    const problem = extra === DECODED_EXTRA ? undefined : checkJsonRpcShape(message);
    if (problem !== undefined) {
      this.logger.warn(`refused a message: ${problem.reason}`);
      if (problem.response !== undefined) this.outbox.sendResponse(problem.response, undefined);
      return;
    }
    const record = message as MessageRecord;
    if (record.method === undefined) {
      if (!this.requests.receiveResponse(record)) this.logger.debug('ignored a response to an unknown request', record.id);
    } else if (record.id === undefined) {
      this.receiveNotification(record.method, record.params ?? NO_PARAMS);
    } else {
      this.receiveRequest(record.id, record.method, record.params ?? NO_PARAMS, extra);
    }
  }

  private receiveNotification(method: string, params: RequestParamsRecord): void {
    if (method === 'notifications/cancelled') {
      // MCP cancellation: stop the work and send no reply; unknown or finished ids are ignored.
      const id = params.requestId;
      if (!isRequestId(id)) return;
      const handedOff = this.handedOff?.get(id);
      if (handedOff !== undefined) this.handOffEnded(id);
      (handedOff ?? this.requests.running(id))?.abort(params.reason);
    } else if (method === 'notifications/initialized') {
      if (this.requests.phase === Phase.Initialized) this.requests.phase = Phase.Ready;
    }
  }

  private receiveRequest(id: RequestId, method: string, params: RequestParamsRecord, extra: MessageExtraInfo | undefined): void {
    if (this.requests.running(id) !== undefined || this.handedOff?.has(id) === true) {
      this.outbox.sendResponse(
        errorResponse(id, WireErrorCode.InvalidRequest, 'Invalid request: a request with this id is already in progress'),
        undefined,
      );
      return;
    }
    // The request decides its revision, as on HTTP: one carrying the MCP 2026-07-28 envelope, or
    // naming a 2026-only method, is served by the request kernel whether or not the connection
    // also ran initialize (a 2025 session has no server/discover to answer with -32601).
    const kernel = this.options.kernel;
    if (kernel !== undefined && (hasEnvelope(params) || ONLY_2026.has(method))) {
      this.handOff(kernel, id, method, params, extra);
      return;
    }
    const requests = this.requests;
    serveRequest(requests, REVISION_2025, incomingRequest(id, method, params, extra, requests), requests.outbox);
  }

  /** Hands a 2026 request to the request-scoped kernel; its messages go out on this connection. */
  private handOff(
    kernel: RequestKernel,
    id: RequestId,
    method: string,
    params: RequestParamsRecord,
    extra: MessageExtraInfo | undefined,
  ): void {
    const related: TransportSendOptions = { relatedRequestId: id };
    // The connection is the unit a 2026 client shares: it gets the session's in-flight limit for
    // requests, and a limit of its own for listen streams (which hold no work and never count as requests).
    const listen = method === 'subscriptions/listen';
    const listens = this.listening?.size ?? 0;
    const refusal = listen ? this.tooManyListens(listens) : this.tooManyRunning((this.handedOff?.size ?? 0) - listens);
    if (refusal !== undefined) {
      this.outbox.sendResponse(errorResponse(id, refusal.code, refusal.message, refusal.data), related);
      return;
    }
    const sink: ExchangeSink = {
      notify: (notification) => this.outbox.notify(notification, related),
      respond: (message) => {
        this.handOffEnded(id);
        this.outbox.sendResponse(message, related);
      },
    };
    const running = kernel.dispatch(incomingRequest(id, method, params, extra, undefined), sink);
    if (running === undefined || running.finished) return;
    (this.handedOff ??= new Map()).set(id, running);
    if (listen) (this.listening ??= new Set()).add(id);
  }

  /** -32004 when this connection already runs its most 2026 requests. */
  private tooManyRunning(running: number): Refusal | undefined {
    const limit = this.requests.maxInflightRequests;
    return running >= limit ? tooManyRequests(limit) : undefined;
  }

  /** -32004 when this connection already holds its most listen streams. */
  private tooManyListens(open: number): Refusal | undefined {
    const limit = this.options.maxListensPerPrincipal ?? DEFAULT_MAX_LISTENS_PER_PRINCIPAL;
    if (open < limit) return undefined;
    const error = tooManyListens(limit, 'connection');
    return { code: error.code, message: error.message, data: error.data };
  }

  /** Runs once, from `close()` or the transport's `onclose`, whichever comes first. */
  private teardown(): Promise<void> {
    if (this.tornDown !== undefined) return this.tornDown;
    this.outbox.closed = true;
    this.requests.abortAll();
    if (this.handedOff !== undefined) {
      // The connection is gone: nothing can be answered; stop the work.
      for (const exchange of this.handedOff.values()) exchange.abort('the connection closed');
      this.handedOff = undefined;
      this.listening = undefined;
    }
    const waiters = this.handOffsIdle;
    this.handOffsIdle = undefined;
    for (const wake of waiters ?? []) wake();
    const scope = this.requests.sessionScope;
    this.requests.sessionScope = undefined;
    this.tornDown = disposeScopeThen(scope, this.logger, () => this.finish());
    return this.tornDown;
  }

  /** Last step of teardown, after the scope was disposed: leave the registry, call `onclose`. */
  private finish(): void {
    this.requests.leave();
    try {
      this.onclose?.();
    } catch (error) {
      this.logger.error('onclose handler threw', error);
    }
  }
}

/** The record of a request this connection received; one constructor, so every record has the same shape. */
function incomingRequest(
  id: RequestId,
  method: string,
  params: RequestParamsRecord,
  extra: MessageExtraInfo | undefined,
  session: SessionExchanges | undefined,
): IncomingRequest {
  return { id, method, params, authInfo: extra?.authInfo, requestInfo: requestInfoOf(extra), session };
}
