import { Phase } from '../protocol/session-phase';
import type { ElicitForm } from '../context/elicit-form';
import type { NotificationPacing } from '../context/notification-pacing';
import { echoed } from '../errors/client-text';
import { abortReasons, ActiveRequestContext } from '../context/active-request-context';
import type { SessionInfo, SessionScope } from '../context/request-context';
import type { RelatedRequest, RequestHost } from '../context/request-host';
import { isMcpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import { errorResponse } from '../jsonrpc/json-rpc-errors';
import { logQuietly, toErrorResponse } from '../protocol/error-responses';
import type { FeatureMethod } from '../protocol/feature-methods';
import { isPlainResult, isThenable } from '../protocol/handler-results';
import type { JSONRPCErrorResponse, JSONRPCNotification, RequestId } from '../wire/mcp-types.generated';
import type { RequestParamsRecord } from '../protocol/request-params';
import type { TransportSendOptions } from '../transport/transport';
import { InputRequiredSignal } from './input-required-signal';
import { ObservedSink } from './observed-sink';
import type { RequestEnvelope } from './request-envelope';
import type { IncomingRequest } from './request-kernel';
import { headerLookupOf } from './extra-headers';
import type { RequestObserver } from './request-observer';
import { type Exchange, type ExchangeKernel, type Refusal, type RequestSink, type Revision, SERVED_BY_CALLER } from './revision';

export { InputRequiredSignal } from './input-required-signal';
export type { ExchangeKernel } from './revision';

const RESOLVED: Promise<void> = Promise.resolve();

/** -32004: the caller runs its most requests at once; the client may retry once some are answered. */
export function tooManyRequests(limit: number): Refusal {
  return {
    code: WireErrorCode.TooManyRequests,
    message: `Too many requests in flight: at most ${limit} run at once per session; retry once some are answered`,
    data: { maxInflightRequests: limit },
  };
}

const SHUTTING_DOWN: Refusal = Object.freeze({ code: WireErrorCode.ConnectionClosed, message: 'The server is shutting down' });

/** The parameters of {@link serveRequest}, shared by its observed and unobserved paths. */
type ServeRequest = (
  kernel: ExchangeKernel,
  revision: Revision,
  request: IncomingRequest,
  sink: RequestSink,
) => RequestExchange | undefined;

/**
 * The one request path of both revisions. In order: the revision's method table (-32601,
 * HTTP 404 on 2026, whatever else is wrong), the caller's drain flag (-32000), the envelope
 * (2026: -32602 / -32022), the revision's gate (2025: the lifecycle phases); then the
 * exchange runs the method. A refusal is numbered by the revision and goes to `sink`.
 *
 * `request` is what the transport knows of the request (see `IncomingRequest`); the app's
 * `RequestObserver` reads the trace-context headers from its `requestInfo`, and its 2025
 * `session`'s initialize state is the envelope. Returns the exchange while it may still be
 * running (so a transport can abort it).
 */
export const serveRequest: ServeRequest = (kernel, revision, request, sink) =>
  kernel.observer === undefined ? serveUnobserved(kernel, revision, request, sink) : serveObserved(kernel, revision, request, sink);

/** The one telemetry seam: the observer sees every request, refusals included, and its answer. */
const serveObserved: ServeRequest = (kernel, revision, request, sink) => {
  const observed = new ObservedSink(sink, kernel.logger, request, headerLookupOf(request.requestInfo));
  const observation = observed.observe(kernel.observer as RequestObserver);
  if (observation === undefined) return serveUnobserved(kernel, revision, request, sink);
  const serve = (): RequestExchange | undefined => serveUnobserved(kernel, revision, request, observed);
  return observation.enter === undefined ? serve() : observation.enter(serve);
};

// The hot path is kept small (cold branches live in other functions), so V8 inlines the
// exchange and context constructors into the caller instead of calling them generically.
const serveUnobserved: ServeRequest = (kernel, revision, request, sink) => {
  const entry = revision.methods.get(request.method);
  if (entry === undefined || kernel.draining || kernel.saturated === true)
    return refuseAdmission(kernel, revision, request.id, request.method, entry, sink);
  let envelope: RequestEnvelope;
  try {
    envelope = revision.envelopeOf(request.params, request.session);
  } catch (error) {
    return refuse(kernel, revision, request.id, error, sink);
  }
  const refusal = revision.gate(request.method, envelope);
  if (refusal !== undefined) return refuse(kernel, revision, request.id, refusal, sink);
  const exchange = new RequestExchange(kernel, revision, request, envelope, sink);
  if (entry === SERVED_BY_CALLER) kernel.serveOwn(exchange);
  else exchange.run(entry);
  return exchange.finished ? undefined : exchange;
};

/** -32601 for a method the revision lacks, else -32000 while draining, else -32004 when saturated. */
function refuseAdmission(
  kernel: ExchangeKernel,
  revision: Revision,
  id: RequestId,
  method: string,
  entry: unknown,
  sink: RequestSink,
): undefined {
  if (entry === undefined)
    return refuse(kernel, revision, id, { code: WireErrorCode.MethodNotFound, message: `Method not found: ${echoed(method)}` }, sink);
  if (kernel.draining) return refuse(kernel, revision, id, SHUTTING_DOWN, sink);
  return refuse(kernel, revision, id, tooManyRequests(kernel.maxInflightRequests ?? Number.POSITIVE_INFINITY), sink);
}

/** Answers a request refused before it had an exchange. */
function refuse(kernel: ExchangeKernel, revision: Revision, id: RequestId, error: unknown, sink: RequestSink): undefined {
  let response: JSONRPCErrorResponse;
  if (isRefusal(error)) {
    response = revision.encodeError(errorResponse(id, error.code, error.message, error.data));
  } else {
    logQuietly(kernel.logger, 'refusing a request failed', error);
    response = errorResponse(id, WireErrorCode.InternalError, 'Internal error');
  }
  sink.respond(response, revision.httpStatus(response.error.code, true), undefined);
  return undefined;
}

function isRefusal(value: unknown): value is Refusal {
  if (isMcpWireError(value)) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    Number.isInteger((value as Refusal).code) &&
    typeof (value as Refusal).message === 'string'
  );
}

/**
 * One request of either revision, from dispatch to its single answer. It is the `RequestHost`
 * of its `RequestContext`, so one `ActiveRequestContext`, `FEATURE_METHODS`, `ServerFeatures`
 * and the compiled routes serve both revisions; what differs comes from its `Revision`
 * (decoration, error numbers, how questions are asked), its envelope (the client's facts)
 * and its kernel (the caller: tracking, own methods) — never from a revision check here.
 *
 * Exactly one answer goes to the sink, unless the request is aborted (cancelled, or its client
 * went away). A 2026 request is its own unit: its DI session scope is opened on first use and
 * disposed with it, and nothing is sent for it once answered.
 */
export class RequestExchange implements RequestHost, Exchange {
  readonly ctx: ActiveRequestContext;
  /** In-flight bookkeeping of the kernel's ledger: the tick the request was admitted in. */
  epoch: number;
  /** True while the request is in its kernel's in-flight ledger. */
  tracked: boolean;
  // The members below are set only by the few requests that need them (listen streams,
  // questions, a 2026 request reading its session), so the constructor leaves them out: every
  // request allocates and initializes this object, and most never use them.
  /** Set for a `subscriptions/listen` stream: how it ends gracefully (with its result). */
  gracefulEnd?: () => void;
  /** The revision's per-request asking state (2026: the input-required rounds), created on first use. */
  askState?: object;
  private scope?: SessionScope;
  private ownInfo?: SessionInfo;
  /** Set once the request became a task (`ctx.startTask()`): where the handler's outcome goes. */
  private handOff?: (value: unknown, error: unknown) => void;

  /** `incoming` is what the transport built for the request, kept rather than copied member by member. */
  constructor(
    readonly kernel: ExchangeKernel,
    readonly revision: Revision,
    private readonly incoming: IncomingRequest,
    readonly envelope: RequestEnvelope,
    private readonly sink: RequestSink,
  ) {
    this.epoch = 0;
    this.tracked = false;
    this.ctx = new ActiveRequestContext(this, incoming.id, incoming.method, incoming.params, incoming.authInfo, incoming.requestInfo);
  }

  get id(): RequestId {
    return this.incoming.id;
  }

  get method(): string {
    return this.incoming.method;
  }

  get params(): RequestParamsRecord {
    return this.incoming.params;
  }

  get finished(): boolean {
    return this.ctx.finished;
  }

  elicitForm(key: string): ElicitForm | undefined {
    return this.kernel.features.elicitForm?.(key);
  }

  get pacing(): NotificationPacing | undefined {
    return this.kernel.pacing;
  }

  /** What `ctx.session` returns: the 2025 session's info, or one built from the 2026 envelope. */
  get info(): SessionInfo {
    const session = this.envelope.session;
    if (session !== undefined) return session.info;
    const envelope = this.envelope;
    return (this.ownInfo ??= {
      id: undefined,
      protocolVersion: envelope.protocolVersion,
      clientInfo: envelope.clientInfo,
      clientCapabilities: envelope.clientCapabilities,
    });
  }

  /** The DI session scope: the 2025 session's, or (2026) one opened on first use that lives as long as the request. */
  get sessionScope(): SessionScope | undefined {
    const session = this.envelope.session;
    if (session !== undefined) return session.sessionScope;
    if (this.scope === undefined && !this.ctx.finished) this.scope = this.kernel.features.openSession?.(this.info);
    return this.scope;
  }

  /** Runs a feature method for this request; exactly one answer follows (unless aborted). */
  run(feature: FeatureMethod): void {
    let admitted: void | Promise<void>;
    try {
      admitted = this.revision.admit(this);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (admitted === undefined) return this.runAdmitted(feature);
    admitted.then(
      () => {
        if (!this.ctx.finished) this.runAdmitted(feature);
      },
      (error: unknown) => this.fail(error),
    );
  }

  /** Runs a feature method the revision admitted. */
  private runAdmitted(feature: FeatureMethod): void {
    let result: unknown;
    try {
      result = feature(this.kernel.features, this.params, this.ctx, this.kernel);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (!isThenable(result)) {
      this.answer(result);
      return;
    }
    // Refused while the handler ran (a question it may not ask): answered already, nothing to track.
    if (!this.ctx.finished) this.kernel.track(this);
    try {
      result.then(
        (value) => this.answer(value),
        (error: unknown) => this.fail(error),
      );
    } catch (error) {
      // A foreign thenable whose `then` throws.
      this.fail(error);
    }
  }

  /** Answers with a method's result, decorated by the revision (never throws). */
  answer(value: unknown): void {
    if (this.handOff !== undefined) return this.handOff(value, undefined);
    if (this.ctx.finished) return;
    if (!isPlainResult(value)) {
      logQuietly(this.kernel.logger, `${this.method} produced a result that is not an object`, typeof value);
      this.answerError(errorResponse(this.id, WireErrorCode.InternalError, 'Internal error'));
      return;
    }
    let result: object;
    try {
      result = this.revision.decorate(this, value as object);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.end();
    this.sink.respond({ jsonrpc: '2.0', id: this.id, result: result as Record<string, unknown> }, 200, this);
  }

  /** Answers with an error (what the method threw, or a refusal of the exchange itself); never throws. */
  fail(error: unknown): void {
    if (this.handOff !== undefined) return this.handOff(undefined, error);
    if (this.ctx.finished) {
      try {
        if (!(error instanceof InputRequiredSignal))
          this.kernel.logger.debug(`${this.method} failed after it was answered or cancelled`, error);
      } catch {
        // An uninspectable value after the answer: nothing left to do.
      }
      return;
    }
    this.answerError(toErrorResponse(this.id, this.method, error, this.kernel.logger));
  }

  /** Answers with a result already in its final form (2026: discover, the end of a listen stream, input_required). */
  respondRaw(result: object): void {
    if (this.ctx.finished) return;
    this.end();
    this.sink.respond({ jsonrpc: '2.0', id: this.id, result: result as Record<string, unknown> }, 200, this);
  }

  /** The client went away or cancelled (HTTP stream closed, `notifications/cancelled`): stop the work, answer nothing. */
  abort(reason: unknown): void {
    if (this.ctx.finished || this.handOff !== undefined) return;
    this.end();
    this.ctx.abort(abortReasons.cancelled(reason));
    this.sink.aborted?.(reason);
  }

  /** The deadline passed: -32001, and the handler's signal aborts. */
  expire(timeoutMs: number): void {
    if (this.ctx.finished || this.handOff !== undefined) return;
    this.ctx.abort(abortReasons.timeout(timeoutMs));
    this.answerError(errorResponse(this.id, WireErrorCode.RequestTimeout, `Request timed out after ${timeoutMs} ms`));
  }

  /** The server or session is closing: -32000 with `message`, never silence; the signal aborts with `reason`. */
  close(message: string, reason: ReturnType<typeof abortReasons.closed> = abortReasons.closed()): void {
    if (this.ctx.finished || this.handOff !== undefined) return;
    this.ctx.abort(reason);
    this.answerError(errorResponse(this.id, WireErrorCode.ConnectionClosed, message));
  }

  /** Ends the request for a server shutdown: a listen stream with its result, anything else -32000. */
  shutdown(): void {
    if (this.gracefulEnd !== undefined) this.gracefulEnd();
    else this.close('The server closed before the request was answered');
  }

  logEnabled(rank: number): boolean {
    return rank >= this.envelope.logRank;
  }

  /** The request's 2025 session closed here: what is sent through it now is dropped (a task it created routes by session id). */
  get sessionClosed(): boolean {
    return this.envelope.session?.phase === Phase.Closed;
  }

  notify(notification: JSONRPCNotification, related: TransportSendOptions | undefined): Promise<void> {
    // A 2026 request has no channel once answered; a 2025 session's connection outlives its requests.
    if (this.ctx.finished && this.envelope.session === undefined) return RESOLVED;
    return this.sink.notify(notification, related);
  }

  /** `ctx.startTask()`: the app's task manager turns this request into a task, if it can take one. */
  startTask(): Promise<void> {
    return this.kernel.features.tasks?.detach(this) ?? Promise.resolve();
  }

  /**
   * The request became a task: it is answered with the task's handle, stops being tracked,
   * hands its DI scope to the task (`adopt`), and the handler's outcome goes to `settled`. The
   * context lives on under the task's host; cancellation and deadlines of the request no longer apply.
   */
  becomeTask(handle: object, adopt: (scope: SessionScope | undefined) => void, settled: (value: unknown, error: unknown) => void): void {
    if (this.ctx.finished || this.handOff !== undefined) return;
    let result: object;
    try {
      result = this.revision.decorate(this, handle);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.handOff = settled;
    if (this.tracked) this.kernel.untrack(this);
    adopt(this.scope);
    this.scope = undefined;
    this.sink.respond({ jsonrpc: '2.0', id: this.id, result: result as Record<string, unknown> }, 200, this);
  }

  /** A question for the client (`ctx.elicit`, `ctx.sample`, `ctx.listRoots`), asked the revision's way. */
  request(method: string, params: Record<string, unknown>, related: RelatedRequest, key?: string): Promise<Record<string, unknown>> {
    return this.revision.ask(this, method, params, related, key);
  }

  /** Sends an error response, numbered by the revision (the one encode seam). */
  private answerError(response: JSONRPCErrorResponse): void {
    this.end();
    const encoded = this.revision.encodeError(response);
    this.sink.respond(encoded, this.revision.httpStatus(encoded.error.code, false), this);
  }

  /** Marks the exchange finished, stops tracking it and disposes its own scope (2026). */
  private end(): void {
    // The latest progress goes out just before the answer, unless the client is still taking older ones.
    this.ctx.settleProgress();
    this.ctx.finished = true;
    // Most requests are answered synchronously and were never tracked: no call for them.
    if (this.tracked || this.gracefulEnd !== undefined) this.kernel.untrack(this);
    const scope = this.scope;
    if (scope !== undefined) {
      this.scope = undefined;
      scope.dispose().catch((error: unknown) => this.kernel.logger.warn('disposing a request scope failed', error));
    }
  }
}
