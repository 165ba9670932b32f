import { ArmatureError } from '@armature/di';
import { abortReasons, ActiveRequestContext } from '../context/active-request-context';
import { missingClientCapability, invalidClientResult } from '../context/client-capability-check';
import type { AuthInfo, SessionInfo, SessionScope } from '../context/request-context';
import type { RelatedRequest, RequestHost } from '../context/request-host';
import { EngineErrorCode } from '../errors/engine-error-codes';
import { McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import { errorResponse } from '../jsonrpc/json-rpc-errors';
import { toErrorResponse } from '../protocol/error-responses';
import type { FeatureMethod } from '../protocol/feature-methods';
import { isPlainResult, isThenable } from '../protocol/handler-results';
import type { ClientCapabilities, JSONRPCNotification, RequestId } from '../protocol/mcp-types.generated';
import type { RequestParamsRecord } from '../protocol/request-params';
import type { ServerFeatures } from '../protocol/server-features';
import type { ServerLogger } from '../protocol/server-logger';
import type { TransportSendOptions } from '../transport/transport';
import { encode2026Error, httpStatusOf2026Error } from './error-encoding';
import type { ExchangeSink } from './exchange-sink';
import { bindingOf, INPUT_METHODS, InputRounds } from './input-rounds';
import type { RequestEnvelope } from './request-envelope';
import type { RequestStateSealer } from './request-state';
import type { ResultDecoration } from './result-decoration';
import { PROTOCOL_2026 } from './revision-2026';

/** What an exchange needs of the dispatcher that created it. */
export interface ExchangeKernel {
  readonly features: ServerFeatures;
  readonly pageSize: number;
  readonly logger: ServerLogger;
  readonly decoration: ResultDecoration;
  readonly sealer: RequestStateSealer;
  /** Starts tracking an exchange that answers asynchronously (deadline, drain). */
  track(exchange: RequestExchange): void;
  /** Stops tracking it (answered, aborted or expired). */
  untrack(exchange: RequestExchange): void;
}

/** The rejection a handler's pending question gets when its attempt ends with `input_required`. */
export class InputRequiredSignal extends ArmatureError {
  constructor() {
    super(EngineErrorCode.INPUT_REQUIRED, 'The request ended with input_required: the client answers and retries it, and the handler runs again from the start');
  }
}

function requiredCapabilities(path: string): ClientCapabilities {
  // 'elicitation.url' → { elicitation: { url: {} } }
  const [head, sub] = path.split('.');
  return { [head!]: sub === undefined ? {} : { [sub]: {} } } as ClientCapabilities;
}

/**
 * One MCP 2026-07-28 request, from dispatch to its single answer: no session, everything it
 * knows comes from its envelope. It is the `RequestHost` of its `RequestContext`: progress
 * and logs go to its sink (logs only at or above the envelope's `logLevel`, none without
 * one), and `ctx.elicit` / `ctx.sample` / `ctx.listRoots` become the input-required flow.
 */
export class RequestExchange implements RequestHost {
  readonly ctx: ActiveRequestContext;
  readonly info: SessionInfo;
  /** Deadline timer while tracked. */
  timer: NodeJS.Timeout | undefined = undefined;
  /** Set for a `subscriptions/listen` stream: how it ends gracefully (with its result). */
  gracefulEnd: (() => void) | undefined = undefined;
  private scope: SessionScope | undefined = undefined;
  private rounds: InputRounds | undefined = undefined;
  private questionsClosing = false;
  private waiting: ((error: Error) => void)[] = [];

  constructor(
    private readonly kernel: ExchangeKernel,
    readonly id: RequestId,
    readonly method: string,
    readonly params: RequestParamsRecord,
    readonly envelope: RequestEnvelope,
    authInfo: AuthInfo | undefined,
    private readonly sink: ExchangeSink,
  ) {
    this.info = { id: undefined, protocolVersion: PROTOCOL_2026, clientInfo: envelope.clientInfo, clientCapabilities: envelope.clientCapabilities };
    this.ctx = new ActiveRequestContext(this, id, method, params, authInfo);
  }

  get finished(): boolean {
    return this.ctx.finished;
  }

  /** The DI session scope, opened on first use: in 2026 it lives as long as the request. */
  get sessionScope(): SessionScope | undefined {
    if (this.scope === undefined && !this.ctx.finished) this.scope = this.kernel.features.openSession?.(this.info);
    return this.scope;
  }

  /** Runs a feature method for this request; exactly one answer follows (unless aborted). */
  run(feature: FeatureMethod): void {
    let result: unknown;
    try {
      if ((this.params.requestState !== undefined || this.params.inputResponses !== undefined) && INPUT_METHODS.has(this.method)) this.openRounds();
      result = feature(this.kernel.features, this.params, this.ctx, this.kernel.pageSize);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (!isThenable(result)) {
      this.succeed(result);
      return;
    }
    // Refused while the handler ran (a question it may not ask): answered already, nothing to track.
    if (!this.ctx.finished) this.kernel.track(this);
    try {
      result.then(
        (value) => this.succeed(value),
        (error: unknown) => this.fail(error),
      );
    } catch (error) {
      this.fail(error);
    }
  }

  /** The client went away (HTTP stream closed, stdio cancellation): stop the work, answer nothing. */
  abort(reason: unknown): void {
    if (this.ctx.finished) return;
    this.end();
    this.ctx.abort(abortReasons.cancelled(reason));
  }

  /** The deadline passed: -32001, and the handler's signal aborts. */
  expire(timeoutMs: number): void {
    if (this.ctx.finished) return;
    this.end();
    this.ctx.abort(abortReasons.timeout(timeoutMs));
    this.sink.respond(errorResponse(this.id, WireErrorCode.RequestTimeout, `Request timed out after ${timeoutMs} ms`), 200);
  }

  /** The server is closing: -32000, never silence. */
  close(): void {
    if (this.ctx.finished) return;
    this.end();
    this.ctx.abort(abortReasons.closed());
    this.sink.respond(errorResponse(this.id, WireErrorCode.ConnectionClosed, 'The server closed before the request was answered'), 200);
  }

  /** Ends the request for a server shutdown: a listen stream with its result, anything else -32000. */
  shutdown(): void {
    if (this.gracefulEnd !== undefined) this.gracefulEnd();
    else this.close();
  }

  /** Answers with a result already in its 2026 form (discover, subscription end). */
  respondRaw(result: object): void {
    if (this.ctx.finished) return;
    this.end();
    this.sink.respond({ jsonrpc: '2.0', id: this.id, result: result as Record<string, unknown> }, 200);
  }

  /** Answers with an error (refusals that come from the exchange itself). */
  fail(error: unknown): void {
    if (this.ctx.finished) {
      if (!(error instanceof InputRequiredSignal)) this.kernel.logger.debug(`${this.method} failed after it was answered`, error);
      return;
    }
    this.end();
    const response = encode2026Error(toErrorResponse(this.id, this.method, error, this.kernel.logger));
    this.sink.respond(response, httpStatusOf2026Error(response.error.code, false));
  }

  logEnabled(rank: number): boolean {
    return rank >= this.envelope.logRank;
  }

  notify(notification: JSONRPCNotification, _related: TransportSendOptions | undefined): Promise<void> {
    if (this.ctx.finished) return Promise.resolve();
    return this.sink.notify(notification);
  }

  /**
   * A question for the client (`ctx.elicit`, `ctx.sample`, `ctx.listRoots`). Answered from the
   * retry's `inputResponses` or the sealed state when the client already answered it; otherwise
   * the attempt ends with `input_required` listing every question asked in the same tick.
   */
  request(method: string, params: Record<string, unknown>, _related: RelatedRequest, askedKey?: string): Promise<Record<string, unknown>> {
    if (this.ctx.finished) return Promise.reject(new InputRequiredSignal());
    if (!INPUT_METHODS.has(this.method)) {
      return Promise.reject(new ArmatureError(EngineErrorCode.INPUT_NOT_ALLOWED, `${method} cannot be asked during ${this.method}: MCP 2026-07-28 allows input requests only in tools/call, prompts/get and resources/read`));
    }
    const missing = missingClientCapability(method, params, this.envelope.clientCapabilities);
    if (missing !== undefined) {
      const error = new McpWireError(WireErrorCode.MissingRequiredClientCapability, `Missing required client capability: ${missing} (declare it in _meta "io.modelcontextprotocol/clientCapabilities" to use this ${this.method === 'tools/call' ? 'tool' : 'request'})`, {
        requiredCapabilities: requiredCapabilities(missing),
      });
      this.fail(error);
      return Promise.reject(error);
    }
    let key: string;
    try {
      this.rounds ??= new InputRounds(this.kernel.sealer, bindingOf(this.method, this.params, this.ctx.authInfo?.clientId), undefined, undefined);
      key = this.rounds.nextKey(method, askedKey);
    } catch (error) {
      this.fail(error);
      return Promise.reject(error as Error);
    }
    const answer = this.rounds.answer(key);
    if (answer !== undefined) {
      const problem = typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? invalidClientResult(method, answer as Record<string, unknown>) : 'it must be an object';
      if (problem === undefined) return Promise.resolve(answer as Record<string, unknown>);
      const error = McpWireError.invalidParams(`Invalid params: inputResponses["${key}"] is not a valid ${method} result: ${problem}`);
      this.fail(error);
      return Promise.reject(error);
    }
    this.rounds.ask(key, method, params);
    if (!this.questionsClosing) {
      this.questionsClosing = true;
      // Questions asked together (Promise.all) go out in one round: close it after this tick.
      setImmediate(() => this.askClient());
    }
    return new Promise((_resolve, reject) => this.waiting.push(reject));
  }

  private openRounds(): void {
    this.rounds = new InputRounds(this.kernel.sealer, bindingOf(this.method, this.params, this.ctx.authInfo?.clientId), this.params.requestState, this.params.inputResponses);
  }

  /** Ends this attempt with `input_required`; the handler's pending questions reject. */
  private askClient(): void {
    const rounds = this.rounds;
    if (this.ctx.finished || rounds === undefined || !rounds.hasQuestions) return;
    let questions: ReturnType<InputRounds['questions']>;
    try {
      questions = rounds.questions();
    } catch (error) {
      this.fail(error);
      return;
    }
    this.respondRaw(this.kernel.decoration.other('input_required', questions));
    const signal = new InputRequiredSignal();
    this.ctx.abort(signal);
    for (const reject of this.waiting) reject(signal);
    this.waiting = [];
  }

  private succeed(value: unknown): void {
    if (this.ctx.finished) return;
    if (!isPlainResult(value)) {
      this.fail(new TypeError(`${this.method} produced a result that is not an object`));
      return;
    }
    this.end();
    this.sink.respond({ jsonrpc: '2.0', id: this.id, result: this.kernel.decoration.complete(this.method, value as object) as Record<string, unknown> }, 200);
  }

  /** Marks the exchange finished, stops tracking it and disposes its scope. */
  private end(): void {
    this.ctx.finished = true;
    this.kernel.untrack(this);
    const scope = this.scope;
    if (scope !== undefined) {
      this.scope = undefined;
      scope.dispose().catch((error: unknown) => this.kernel.logger.warn('disposing a request scope failed', error));
    }
  }
}
