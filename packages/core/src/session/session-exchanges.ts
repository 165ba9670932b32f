import type { NotificationPacing } from '../context/notification-pacing';
import { ArmatureError } from '@armature/di';
import { abortReasons } from '../context/active-request-context';
import type { SessionInfo, SessionScope } from '../context/request-context';
import type { RelatedRequest } from '../context/request-host';
import { EngineErrorCode } from '../errors/engine-error-codes';
import { McpWireError } from '../errors/wire-error';
import { InflightLedger } from '../kernel/inflight-ledger';
import type { RequestSession } from '../kernel/request-envelope';
import type { RequestExchange } from '../kernel/request-exchange';
import type { RequestObserver } from '../kernel/request-observer';
import type { ExchangeKernel } from '../kernel/revision';
import type { SessionChange } from './connectable-app';
import type { Transport } from '../transport/transport';
import * as lifecycle from './lifecycle-methods';
import { loggingLevelRank } from '../protocol/logging-levels';
import type { ClientCapabilities, Implementation, RequestId } from '../wire/mcp-types.generated';
import { OutgoingRequests } from './outgoing-requests';
import type { RequestParamsRecord } from '../protocol/request-params';
import { DEFAULT_MAX_URI_LENGTH } from '../protocol/resource-uri';
import type { ServerFeatures } from '../protocol/server-features';
import type { ServerLogger } from '../logging/server-logger';
import {
  DEFAULT_MAX_INFLIGHT_REQUESTS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type ServerSessionOptions,
} from './server-session-options';
import type { SessionOutbox } from './session-outbox';
import type { RegisteredSession } from '../protocol/session-registry';
import { Phase, placeholderSessionInfo } from '../protocol/session-phase';

const INFO_RANK = loggingLevelRank('info');

/**
 * One 2025 session's state as the shared request path reads it, long-lived, so that a request
 * costs no session-side object:
 *
 * - the session of its requests (`RequestSession`, `IncomingRequest.session`): their envelope,
 *   filled from the `initialize` state — phase, client capabilities and info, log level, DI
 *   scope — and read live, so `logging/setLevel` applies to requests already running;
 * - their kernel (`ExchangeKernel`): the features, the in-flight ledger keyed by request id
 *   (cancellation, duplicate ids, deadlines, drain), and the lifecycle methods it serves;
 * - the 2025 way of asking the client: server→client requests (`OutgoingRequests`).
 *
 * Their sink is the session's `outbox` (`SessionOutbox`), with the progress-settle pause.
 * `ServerSession` owns the connection around it: the transport, message routing, 2026
 * hand-offs, the app's registry and closing.
 */
export class SessionExchanges implements RequestSession, ExchangeKernel {
  phase: Phase = Phase.AwaitingInit;
  info: SessionInfo = placeholderSessionInfo;
  logRank: number;
  sessionScope: SessionScope | undefined = undefined;
  /** Set by `drain()`: new requests are refused with -32000. */
  stopping = false;
  /** URIs this session subscribed to (`resources/subscribe`). */
  subscriptions: Set<string> | undefined = undefined;
  /** Prefix of server→client request ids (string ids), when copies of this session run on several instances. */
  clientRequestIdPrefix: string | undefined = undefined;
  private ledger: InflightLedger | undefined = undefined;
  private outgoing: OutgoingRequests | undefined = undefined;
  private enlisted = false;

  /**
   * @param member What enlists in the app's registry for this session (the `ServerSession`);
   *   an ephemeral session enlists only once a request of it runs asynchronously.
   */
  constructor(
    readonly transport: Transport,
    readonly options: ServerSessionOptions,
    readonly outbox: SessionOutbox,
    readonly logger: ServerLogger,
    private readonly member: RegisteredSession,
  ) {
    const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    if (!Number.isSafeInteger(pageSize) || pageSize < 1)
      throw new ArmatureError(EngineErrorCode.SESSION_MISUSE, `pageSize must be a positive integer, got ${String(pageSize)}`);
    if (!(timeoutMs >= 0))
      throw new ArmatureError(EngineErrorCode.SESSION_MISUSE, `requestTimeoutMs must be 0 or more, got ${String(timeoutMs)}`);
    const maxInflight = options.maxInflightRequests;
    if (maxInflight !== undefined && !(Number.isSafeInteger(maxInflight) && maxInflight >= 1)) {
      throw new ArmatureError(EngineErrorCode.SESSION_MISUSE, `maxInflightRequests must be a positive integer, got ${String(maxInflight)}`);
    }
    const level = options.defaultLogLevel;
    // Stateless HTTP builds a session per POST: the default rank is not looked up each time.
    this.logRank = level === undefined ? INFO_RANK : loggingLevelRank(level);
  }

  // Getters rather than fields: an idle session is kept small (see session-footprint.bench).
  get features(): ServerFeatures {
    return this.options.features;
  }

  get observer(): RequestObserver | undefined {
    return this.options.observer;
  }

  get pacing(): NotificationPacing | undefined {
    return this.options.pacing;
  }

  /** Entries per list page (checked in the constructor). */
  get pageSize(): number {
    return this.options.pageSize ?? DEFAULT_PAGE_SIZE;
  }

  /** Longest URI a request may name. */
  get maxUriLength(): number {
    return this.options.maxUriLength ?? DEFAULT_MAX_URI_LENGTH;
  }

  /** The session its requests belong to: this one. */
  get session(): RequestSession {
    return this;
  }

  get protocolVersion(): string {
    return this.info.protocolVersion;
  }

  get clientCapabilities(): ClientCapabilities {
    return this.info.clientCapabilities;
  }

  get clientInfo(): Implementation | undefined {
    return this.info.clientInfo;
  }

  get draining(): boolean {
    return this.stopping || this.options.registry?.draining === true;
  }

  get maxInflightRequests(): number {
    return this.options.maxInflightRequests ?? DEFAULT_MAX_INFLIGHT_REQUESTS;
  }

  /** True while `maxInflightRequests` requests run: the next is refused with -32004. */
  get saturated(): boolean {
    return this.ledger !== undefined && this.ledger.size >= this.maxInflightRequests;
  }

  /** Number of requests running asynchronously. */
  get inflightCount(): number {
    return this.ledger?.size ?? 0;
  }

  /** The running request with this id. */
  running(id: RequestId): RequestExchange | undefined {
    return this.ledger?.get(id);
  }

  /** Records what `initialize` (or `assumeInitialized`) established and opens the session scope. */
  establish(protocolVersion: string, clientCapabilities: ClientCapabilities, clientInfo: Implementation | undefined): void {
    this.info = Object.freeze({ id: this.transport.sessionId, protocolVersion, clientInfo, clientCapabilities });
    this.sessionScope = this.options.features.openSession?.(this.info);
  }

  /** Adds the session to the app's registry, once. */
  enlist(): void {
    if (this.enlisted || this.options.registry === undefined) return;
    this.enlisted = true;
    this.options.registry.add(this.member);
  }

  /** Removes it from the registry (the session closed and its scope was disposed). */
  leave(): void {
    if (!this.enlisted) return;
    this.enlisted = false;
    this.options.registry?.delete(this.member);
  }

  track(exchange: RequestExchange): void {
    (this.ledger ??= new InflightLedger(this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, true)).add(exchange);
    // An ephemeral session is tracked only from here: a shutdown must wait for this request.
    this.enlist();
  }

  untrack(exchange: RequestExchange): void {
    this.ledger?.delete(exchange);
  }

  /** Serves the lifecycle methods: they change the session's state. */
  serveOwn(exchange: RequestExchange): void {
    let result: object;
    try {
      result = this.lifecycle(exchange.method as lifecycle.LifecycleMethod, exchange.params);
    } catch (error) {
      exchange.fail(error);
      return;
    }
    exchange.answer(result);
  }

  /** A server→client request on behalf of a running request, checked against the client's capabilities. */
  askClient(method: string, params: Record<string, unknown>, related: RelatedRequest): Promise<Record<string, unknown>> {
    if (this.phase !== Phase.Ready) {
      return Promise.reject(
        new ArmatureError(
          EngineErrorCode.SESSION_NOT_READY,
          `Cannot send ${method}: the session is ${this.phase === Phase.Closed ? 'closed' : 'not initialized yet'}`,
        ),
      );
    }
    this.outgoing ??= new OutgoingRequests((message, options) => this.outbox.send(message, options), this.clientRequestIdPrefix);
    return this.outgoing.checkedRequest(method, params, related, this.info.clientCapabilities);
  }

  /** Applies a change made by another instance's copy of this session. */
  apply(change: SessionChange): void {
    if (this.phase === Phase.Closed) return;
    if (change.initialized === true && this.phase === Phase.Initialized) this.phase = Phase.Ready;
    if (change.logLevel !== undefined) {
      const rank = loggingLevelRank(change.logLevel);
      if (rank >= 0) this.logRank = rank;
    }
    if (change.subscribe !== undefined) {
      const subscriptions = (this.subscriptions ??= new Set());
      if (subscriptions.size < lifecycle.MAX_SUBSCRIPTIONS) subscriptions.add(change.subscribe);
    }
    if (change.unsubscribe !== undefined) this.subscriptions?.delete(change.unsubscribe);
  }

  /** Delivers a client's response to one of our requests; false when none of ours has its id. */
  receiveResponse(message: { id?: unknown; result?: unknown; error?: unknown }): boolean {
    return this.outgoing?.receive(message) ?? false;
  }

  /** Resolves true once nothing runs, or false after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    return this.ledger === undefined ? Promise.resolve(true) : this.ledger.whenIdle(timeoutMs);
  }

  /** `close()` on purpose: every running request is answered -32000 and its signal aborts. */
  closeAll(): void {
    const running = this.ledger?.drain();
    if (running === undefined || running.length === 0) return;
    // One reason for all: it is an Error with a stack, and stateless HTTP closes a session per request.
    const reason = abortReasons.closed();
    for (const exchange of running) exchange.close('The session closed before the request finished', reason);
  }

  /** The transport is gone: what runs is aborted and server→client requests are rejected (nothing can be answered). */
  abortAll(): void {
    this.phase = Phase.Closed;
    this.subscriptions = undefined;
    const running = this.ledger?.drain();
    const outgoing = this.outgoing;
    if ((running === undefined || running.length === 0) && (outgoing === undefined || outgoing.size === 0)) return;
    const reason = abortReasons.closed();
    for (const exchange of running ?? []) exchange.ctx.abort(reason);
    outgoing?.rejectAll(reason);
  }

  private lifecycle(method: lifecycle.LifecycleMethod, params: RequestParamsRecord): object {
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
        if (subscriptions.size >= lifecycle.MAX_SUBSCRIPTIONS && !subscriptions.has(uri))
          throw McpWireError.invalidParams('Invalid params: too many subscriptions');
        subscriptions.add(uri);
        return lifecycle.EMPTY_RESULT;
      }
      case 'resources/unsubscribe':
        this.subscriptions?.delete(lifecycle.readSubscriptionUri(method, this.options, params));
        return lifecycle.EMPTY_RESULT;
    }
  }
}
