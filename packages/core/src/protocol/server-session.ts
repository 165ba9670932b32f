import { ArmatureError } from '@armature/di';
import { abortReasons, ActiveRequestContext } from '../context/active-request-context';
import type { SessionInfo, SessionScope } from '../context/request-context';
import type { RelatedRequest, RequestHost } from '../context/request-host';
import { EngineErrorCode } from '../errors/engine-error-codes';
import { McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import { errorResponse, isRequestId } from '../jsonrpc/json-rpc-errors';
import { checkJsonRpcShape } from '../jsonrpc/json-rpc-shape';
import type { ConnectedSession, ConnectOptions, MessageExtraInfo, Transport, TransportSendOptions } from '../transport/transport';
import { logQuietly, toErrorResponse } from './error-responses';
import { FEATURE_METHODS } from './feature-methods';
import { isPlainResult, isThenable } from './handler-results';
import { InflightRequests } from './inflight-requests';
import * as lifecycle from './lifecycle-methods';
import { loggingLevelRank } from './logging-levels';
import type { JSONRPCMessage, JSONRPCNotification, RequestId } from './mcp-types.generated';
import { OutgoingRequests } from './outgoing-requests';
import { NO_PARAMS, type RequestParamsRecord } from './request-params';
import type { ListKind } from './server-features';
import { type ServerLogger, stderrLogger } from './server-logger';
import { DEFAULT_DRAIN_TIMEOUT_MS, DEFAULT_PAGE_SIZE, DEFAULT_REQUEST_TIMEOUT_MS, type ServerSessionOptions } from './server-session-options';
import { abortWaiting, answerInflightClosed, closeTransportThen, disposeScopeThen } from './session-closing';
import { SessionOutbox } from './session-outbox';
import { Phase, placeholderSessionInfo } from './session-phase';
import type { ExchangeSink } from '../kernel/exchange-sink';
import type { AbortableRequest, RequestKernel } from '../kernel/request-kernel';
import { hasEnvelope } from '../kernel/revision-2026';

/** Methods only MCP 2026-07-28 has: on a connection that never initialized they go to the 2026 kernel. */
const ONLY_2026: ReadonlySet<string> = new Set(['server/discover', 'subscriptions/listen']);

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
 * One MCP session over one transport: lifecycle and version negotiation, dispatch to the
 * application's `ServerFeatures`, in-flight requests (cancellation, deadlines, duplicate
 * ids), progress and logging, subscriptions, and server→client requests. Its parts with one
 * job each live beside it: `InflightRequests` (asynchronous requests, deadlines, idle waits),
 * `OutgoingRequests` (server→client requests), `SessionOutbox` (sending), `session-closing`
 * (ending without leaving a request silent).
 *
 * Every request gets exactly one response, except a request the client cancelled (MCP
 * cancellation: no reply is sent).
 */
export class ServerSession implements RequestHost, ConnectedSession {
  /** Called once after the session has closed and its scope was disposed. */
  onclose: (() => void) | undefined = undefined;

  private readonly transport: Transport;
  private readonly options: ServerSessionOptions;
  private readonly assumed: ConnectOptions['assumeInitialized'];
  private readonly ephemeral: boolean;
  private readonly logger: ServerLogger;
  private readonly outbox: SessionOutbox;
  private readonly pageSize: number;
  private readonly timeoutMs: number;
  private phase: Phase = Phase.AwaitingInit;
  private logRank: number;
  private sessionInfo: SessionInfo = placeholderSessionInfo;
  private scope: SessionScope | undefined = undefined;
  private subscriptions: Set<string> | undefined = undefined;
  /** MCP 2026-07-28 requests on this connection, by id, while they run (for cancellation). */
  private exchanges: Map<RequestId, AbortableRequest> | undefined = undefined;
  private inflight: InflightRequests | undefined = undefined;
  private outgoing: OutgoingRequests | undefined = undefined;
  private started = false;
  private enlisted = false;
  private draining = false;
  private closing: Promise<void> | undefined = undefined;
  private tornDown: Promise<void> | undefined = undefined;

  /**
   * @param transport The connection; `start()` installs its handlers, chaining any already set.
   * @param options Server identity, features and limits (one object may serve many sessions).
   * @param connect What this connection brings (`assumeInitialized`); takes precedence over the same field of `options`.
   */
  constructor(transport: Transport, options: ServerSessionOptions, connect?: ConnectOptions) {
    const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new ArmatureError(EngineErrorCode.SESSION_MISUSE, `pageSize must be a positive integer, got ${String(pageSize)}`);
    if (!(timeoutMs >= 0)) throw new ArmatureError(EngineErrorCode.SESSION_MISUSE, `requestTimeoutMs must be 0 or more, got ${String(timeoutMs)}`);
    this.transport = transport;
    this.options = options;
    this.assumed = connect?.assumeInitialized ?? options.assumeInitialized;
    this.ephemeral = connect?.ephemeral === true;
    this.logger = options.logger ?? stderrLogger;
    this.outbox = new SessionOutbox(transport, this.logger);
    this.pageSize = pageSize;
    this.timeoutMs = timeoutMs;
    this.logRank = loggingLevelRank(options.defaultLogLevel ?? 'info');
  }

  /** What is known of the client; placeholders until `initialize`. */
  get info(): SessionInfo {
    return this.sessionInfo;
  }

  /** What `ServerFeatures.openSession` returned for this session. */
  get sessionScope(): SessionScope | undefined {
    return this.scope;
  }

  /** Number of requests being worked on. */
  get inflightCount(): number {
    return this.inflight?.size ?? 0;
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
    transport.oninputend = () => {
      void this.drain(this.options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS).then(() => this.close());
    };
    const assumed = this.assumed;
    if (assumed !== undefined) {
      this.establish(lifecycle.negotiateAssumed(assumed.protocolVersion), assumed.clientCapabilities ?? {}, assumed.clientInfo);
      this.phase = Phase.Ready;
    }
    if (!this.ephemeral) this.enlist();
    return transport.start();
  }

  /**
   * Ends the session: requests still in flight are answered with -32000 (never left
   * silent), their signals abort, the transport closes and the session scope is disposed.
   */
  close(): Promise<void> {
    if (this.closing !== undefined) return this.closing;
    if (this.phase !== Phase.Closed) {
      this.outbox.flush();
      if (this.inflight !== undefined) answerInflightClosed(this.inflight, this.outbox);
    }
    this.closing = closeTransportThen(this.transport, this.logger, () => this.teardown());
    return this.closing;
  }


  /**
   * Stops accepting requests (new ones get -32000) and resolves true once nothing is in
   * flight, or false after `timeoutMs`. Use before `close()` for a graceful shutdown.
   */
  drain(timeoutMs: number): Promise<boolean> {
    this.draining = true;
    return this.inflight === undefined ? Promise.resolve(true) : this.inflight.whenIdle(timeoutMs);
  }

  /** Sends `notifications/<kind>/list_changed` once the client is initialized and if the feature is served. */
  notifyListChanged(kind: ListKind): Promise<void> {
    if (this.phase !== Phase.Ready || this.options.features[kind] === undefined) return RESOLVED;
    return this.outbox.notify(LIST_CHANGED[kind], undefined);
  }

  /** Sends `notifications/resources/updated` if this session subscribed to `uri`. */
  notifyResourceUpdated(uri: string): Promise<void> {
    if (this.phase !== Phase.Ready || this.subscriptions === undefined || !this.subscriptions.has(uri)) return RESOLVED;
    return this.outbox.notify({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } }, undefined);
  }

  /** RequestHost: whether a log of this severity rank passes `logging/setLevel`. */
  logEnabled(rank: number): boolean {
    return rank >= this.logRank;
  }

  /** RequestHost: sends a notification (progress, log) for a request; never rejects. */
  notify(notification: JSONRPCNotification, related: TransportSendOptions | undefined): Promise<void> {
    return this.outbox.notify(notification, related);
  }

  /** RequestHost: a server→client request on behalf of an incoming request, checked against the client's capabilities. */
  request(method: string, params: Record<string, unknown>, related: RelatedRequest): Promise<Record<string, unknown>> {
    if (this.phase !== Phase.Ready) {
      return Promise.reject(new ArmatureError(EngineErrorCode.SESSION_NOT_READY, `Cannot send ${method}: the session is ${this.phase === Phase.Closed ? 'closed' : 'not initialized yet'}`));
    }
    this.outgoing ??= new OutgoingRequests((message, options) => this.outbox.send(message, options));
    return this.outgoing.checkedRequest(method, params, related, this.sessionInfo.clientCapabilities);
  }

  /** Records what `initialize` (or `assumeInitialized`) established and opens the session scope. */
  private establish(protocolVersion: string, clientCapabilities: SessionInfo['clientCapabilities'], clientInfo: SessionInfo['clientInfo']): void {
    this.sessionInfo = Object.freeze({ id: this.transport.sessionId, protocolVersion, clientInfo, clientCapabilities });
    this.scope = this.options.features.openSession?.(this.sessionInfo);
  }

  private receive(message: JSONRPCMessage, extra: MessageExtraInfo | undefined): void {
    if (this.phase === Phase.Closed) return;
    const problem = checkJsonRpcShape(message);
    if (problem !== undefined) {
      this.logger.warn(`refused a message: ${problem.reason}`);
      if (problem.response !== undefined) this.outbox.respond(problem.response, undefined);
      return;
    }
    const record = message as MessageRecord;
    if (record.method === undefined) {
      if (!this.outgoing?.receive(record)) this.logger.debug('ignored a response to an unknown request', record.id);
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
      const exchange = isRequestId(id) ? this.exchanges?.get(id) : undefined;
      if (exchange !== undefined) {
        this.exchanges!.delete(id as RequestId);
        exchange.abort(params.reason);
        return;
      }
      const ctx = isRequestId(id) ? this.inflight?.get(id) : undefined;
      if (ctx === undefined) return;
      this.forget(ctx);
      ctx.abort(abortReasons.cancelled(params.reason));
    } else if (method === 'notifications/initialized') {
      if (this.phase === Phase.Initialized) this.phase = Phase.Ready;
    }
  }

  private receiveRequest(id: RequestId, method: string, params: RequestParamsRecord, extra: MessageExtraInfo | undefined): void {
    if (this.exchanges?.has(id) === true || (this.inflight !== undefined && this.inflight.get(id) !== undefined)) {
      this.outbox.respond(errorResponse(id, WireErrorCode.InvalidRequest, 'Invalid request: a request with this id is already in progress'), undefined);
      return;
    }
    // A connection that never initialized serves MCP 2026-07-28 requests (envelope, or a 2026-only method).
    if (this.phase === Phase.AwaitingInit && this.options.kernel !== undefined && (hasEnvelope(params) || ONLY_2026.has(method))) {
      this.receive2026(this.options.kernel, id, method, params, extra);
      return;
    }
    const own = lifecycle.LIFECYCLE_METHODS.get(method);
    const feature = own === undefined ? FEATURE_METHODS.get(method) : undefined;
    const draining = this.draining || this.options.registry?.draining === true;
    const refusal = own === undefined && feature === undefined ? lifecycle.methodNotFound(method) : lifecycle.gate(method, this.phase, draining);
    if (refusal !== undefined) {
      this.outbox.respond(errorResponse(id, refusal.code, refusal.message), undefined);
      return;
    }
    const ctx = new ActiveRequestContext(this, id, method, params, extra?.authInfo);
    let result: unknown;
    try {
      result = own !== undefined ? this.runLifecycle(own, params) : feature!(this.options.features, params, ctx, this.pageSize);
    } catch (error) {
      this.answerError(ctx, error);
      return;
    }
    if (isThenable(result)) {
      (this.inflight ??= new InflightRequests(this.timeoutMs, (expired) => this.expire(expired))).add(ctx);
      // An ephemeral session is tracked only from here: a shutdown must wait for this request.
      this.enlist();
      try {
        result.then(
          (value) => this.answer(ctx, value),
          (error: unknown) => this.answerError(ctx, error),
        );
      } catch (error) {
        // A foreign thenable whose `then` throws.
        this.answerError(ctx, error);
      }
    } else {
      this.answer(ctx, result);
    }
  }

  /** Hands a 2026 request to the request-scoped kernel; its messages go out on this connection. */
  private receive2026(kernel: RequestKernel, id: RequestId, method: string, params: RequestParamsRecord, extra: MessageExtraInfo | undefined): void {
    const related: TransportSendOptions = { relatedRequestId: id };
    const sink: ExchangeSink = {
      notify: (notification) => this.outbox.notify(notification, related),
      respond: (message) => {
        this.exchanges?.delete(id);
        this.outbox.respond(message, related);
      },
    };
    const running = kernel.dispatch({ id, method, params }, extra?.authInfo, sink);
    if (running !== undefined && !running.finished) (this.exchanges ??= new Map()).set(id, running);
  }

  private runLifecycle(method: lifecycle.LifecycleMethod, params: RequestParamsRecord): object {
    switch (method) {
      case 'ping':
        return lifecycle.EMPTY_RESULT;
      case 'initialize': {
        const facts = lifecycle.readInitialize(params);
        this.establish(facts.protocolVersion, facts.clientCapabilities, facts.clientInfo);
        this.phase = Phase.Initialized;
        this.transport.setProtocolVersion?.(facts.protocolVersion);
        return lifecycle.initializeResult(this.options, facts.protocolVersion);
      }
      case 'logging/setLevel':
        this.logRank = lifecycle.readLogLevel(params);
        return lifecycle.EMPTY_RESULT;
      case 'resources/subscribe': {
        const uri = lifecycle.readSubscriptionUri(method, this.options, params);
        const subscriptions = (this.subscriptions ??= new Set());
        if (subscriptions.size >= lifecycle.MAX_SUBSCRIPTIONS && !subscriptions.has(uri)) throw McpWireError.invalidParams('Invalid params: too many subscriptions');
        subscriptions.add(uri);
        return lifecycle.EMPTY_RESULT;
      }
      case 'resources/unsubscribe':
        this.subscriptions?.delete(lifecycle.readSubscriptionUri(method, this.options, params));
        return lifecycle.EMPTY_RESULT;
    }
  }

  private answer(ctx: ActiveRequestContext, result: unknown): void {
    if (ctx.finished) return;
    this.forget(ctx);
    if (!isPlainResult(result)) {
      logQuietly(this.logger, `${ctx.method} produced a result that is not an object`, typeof result);
      this.deliver(ctx, errorResponse(ctx.requestId, WireErrorCode.InternalError, 'Internal error'));
      return;
    }
    this.deliver(ctx, { jsonrpc: '2.0', id: ctx.requestId, result: result as Record<string, unknown> });
  }

  /** Never throws, whatever was thrown (it runs in promise callbacks, where a throw would go unhandled). */
  private answerError(ctx: ActiveRequestContext, error: unknown): void {
    if (ctx.finished) {
      try {
        this.logger.debug(`${ctx.method} failed after it was answered or cancelled`, error);
      } catch {
        // An uninspectable value after the answer: nothing left to do.
      }
      return;
    }
    this.forget(ctx);
    this.deliver(ctx, toErrorResponse(ctx.requestId, ctx.method, error, this.logger));
  }

  private deliver(ctx: ActiveRequestContext, message: JSONRPCMessage): void {
    if (ctx.progressSent) this.outbox.respondAfterProgress(message, ctx);
    else this.outbox.respond(message, ctx);
  }

  private expire(ctx: ActiveRequestContext): void {
    if (ctx.finished) return;
    ctx.abort(abortReasons.timeout(this.timeoutMs));
    this.outbox.respond(errorResponse(ctx.requestId, WireErrorCode.RequestTimeout, `Request timed out after ${this.timeoutMs} ms`), ctx);
  }

  /** Marks a request finished and drops it from the in-flight table. */
  private forget(ctx: ActiveRequestContext): void {
    ctx.finished = true;
    if (ctx.tracked) this.inflight!.delete(ctx);
  }

  /** Adds this session to the app's registry, once. */
  private enlist(): void {
    if (this.enlisted || this.options.registry === undefined) return;
    this.enlisted = true;
    this.options.registry.add(this);
  }

  /** Runs once, from `close()` or the transport's `onclose`, whichever comes first. */
  private teardown(): Promise<void> {
    if (this.tornDown !== undefined) return this.tornDown;
    this.phase = Phase.Closed;
    this.outbox.closed = true;
    abortWaiting(this.inflight, this.outgoing);
    if (this.exchanges !== undefined) {
      // The connection is gone: nothing can be answered; stop the work.
      for (const exchange of this.exchanges.values()) exchange.abort('the connection closed');
      this.exchanges = undefined;
    }
    this.subscriptions = undefined;
    const scope = this.scope;
    this.scope = undefined;
    this.tornDown = disposeScopeThen(scope, this.logger, () => this.finish());
    return this.tornDown;
  }


  /** Last step of teardown, after the scope was disposed: leave the registry, call `onclose`. */
  private finish(): void {
    if (this.enlisted) {
      this.enlisted = false;
      this.options.registry?.delete(this);
    }
    try {
      this.onclose?.();
    } catch (error) {
      this.logger.error('onclose handler threw', error);
    }
  }
}
