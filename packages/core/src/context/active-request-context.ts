import { ArmatureError } from '@armature/di';
import { EngineErrorCode } from '../errors/engine-error-codes';
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  LoggingLevel,
  ProgressToken,
  RequestId,
  Root,
} from '../wire/mcp-types.generated';
import { loggingLevelRank } from '../logging/logging-levels';
import type { TransportSendOptions } from './send-options';
import { type AskOptions, type AuthInfo, RequestContext, type RequestLogger, type SessionInfo, type SessionScope } from './request-context';
import type { TransportRequestInfo } from './request-info';
import { askTypedForm } from './typed-elicit';
import type { ElicitAnswer, ElicitFormOptions } from './typed-elicit.types';
import type { RelatedRequest, RequestHost } from './request-host';
import { createRequestLogger, type LogEmitter } from './request-logger';
import { DEFAULT_PACING } from './notification-pacing';
import { LogBudget } from './log-budget';
import { ProgressGate } from './progress-gate';

const RESOLVED: Promise<void> = Promise.resolve();

/** The request's `_meta`, when it is an object. */
function metaOf(params: Record<string, unknown> | undefined): Readonly<Record<string, unknown>> | undefined {
  const meta = params?._meta;
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? (meta as Record<string, unknown>) : undefined;
}

/** ProgressToken is a string or an integer; anything else cannot be echoed back validly. */
function progressTokenOf(meta: Readonly<Record<string, unknown>> | undefined): ProgressToken | undefined {
  if (meta === undefined) return undefined;
  const token = meta.progressToken;
  return typeof token === 'string' || (typeof token === 'number' && Number.isInteger(token)) ? token : undefined;
}

/**
 * The engine's `RequestContext`: one object per incoming request, which is also the
 * transport send options of everything sent on its behalf
 * (`relatedRequestId`). The AbortController and the logger are created only when a handler
 * asks for them, so a request that uses neither costs this one allocation.
 */
export class ActiveRequestContext extends RequestContext implements LogEmitter, RelatedRequest, TransportSendOptions {
  readonly requestId: RequestId;
  readonly method: string;
  readonly authInfo: AuthInfo | undefined;
  readonly requestInfo: TransportRequestInfo | undefined;
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  /** Same as `requestId`; lets this object serve as `TransportSendOptions`. */
  readonly relatedRequestId: RequestId;
  /** True once the request was answered, cancelled or timed out: nothing more is sent for it. */
  finished: boolean;
  /** True once a progress notification was sent for this request. */
  progressSent: boolean;
  /** Where the request's messages and questions go (engine-internal: a task re-hosts the context, see `rehost`). */
  host: RequestHost;
  private readonly progressToken: ProgressToken | undefined;
  private lastProgress: number;
  private controller: AbortController | undefined;
  private abortReason: unknown;
  private aborted: boolean;
  private logger: RequestLogger | undefined;
  /** Paces progress (created by the first progress notification). */
  private gate: ProgressGate | undefined;
  /** Caps logs (created by the first log notification that passes the level). */
  private logBudget: LogBudget | undefined;

  constructor(
    host: RequestHost,
    requestId: RequestId,
    method: string,
    params: Record<string, unknown> | undefined,
    authInfo: AuthInfo | undefined,
    requestInfo: TransportRequestInfo | undefined,
  ) {
    super();
    this.host = host;
    this.requestId = requestId;
    this.relatedRequestId = requestId;
    this.method = method;
    this.authInfo = authInfo;
    this.requestInfo = requestInfo;
    // Read in helpers: a small constructor is one V8 inlines where the request is served.
    this.meta = metaOf(params);
    this.progressToken = progressTokenOf(this.meta);
    this.lastProgress = -Infinity;
    this.finished = false;
    this.progressSent = false;
    this.controller = undefined;
    this.abortReason = undefined;
    this.aborted = false;
    this.logger = undefined;
    this.gate = undefined;
    this.logBudget = undefined;
  }

  get session(): SessionInfo {
    return this.host.info;
  }

  get sessionScope(): SessionScope | undefined {
    return this.host.sessionScope;
  }

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  get log(): RequestLogger {
    return (this.logger ??= createRequestLogger(this));
  }

  /** Marks the request finished and aborts its signal with `reason` (cancel, deadline, close). */
  abort(reason: ArmatureError): void {
    this.finished = true;
    if (this.aborted) return;
    this.aborted = true;
    this.abortReason = reason;
    this.controller?.abort(reason);
  }

  get taskId(): string | undefined {
    return this.host.taskId;
  }

  startTask(): Promise<void> {
    return this.host.startTask?.() ?? Promise.resolve();
  }

  /** Engine-internal: the request became a task; its messages and questions now go to `host`. */
  rehost(host: RequestHost): void {
    this.host = host;
  }

  progress(progress: number, total?: number, message?: string): Promise<void> {
    if (this.host.reportProgress !== undefined && !this.finished && Number.isFinite(progress))
      this.host.reportProgress(progress, total, message);
    // Progress must increase (MCP progress utility) and stops once the request is answered.
    if (this.progressToken === undefined || this.finished || !(progress > this.lastProgress) || !Number.isFinite(progress)) return RESOLVED;
    this.lastProgress = progress;
    this.progressSent = true;
    const params: { progressToken: ProgressToken; progress: number; total?: number; message?: string } = {
      progressToken: this.progressToken,
      progress,
    };
    if (typeof total === 'number' && Number.isFinite(total)) params.total = total;
    if (typeof message === 'string') params.message = message;
    return (this.gate ??= this.openGate()).offer({ jsonrpc: '2.0', method: 'notifications/progress', params });
  }

  /** Engine-internal, before the answer: sends the progress value still waiting if the client is not behind; else drops it. */
  settleProgress(): void {
    this.gate?.settle();
  }

  private openGate(): ProgressGate {
    return new ProgressGate(
      (this.host.pacing ?? DEFAULT_PACING).progressIntervalMs,
      (notification) => this.host.notify(notification, this),
      () => this.finished,
    );
  }

  /** Sends one `notifications/message` if the session's level lets it through. */
  emitLog(level: LoggingLevel, data: unknown, logger: string | undefined): Promise<void> {
    if (!this.host.logEnabled(loggingLevelRank(level))) return RESOLVED;
    const perSecond = (this.host.pacing ?? DEFAULT_PACING).maxLogsPerSecond;
    if (perSecond !== Infinity) {
      const dropped = (this.logBudget ??= new LogBudget(perSecond)).take(Date.now());
      if (dropped < 0) return RESOLVED;
      if (dropped > 0) void this.host.notify(droppedLogs(dropped, perSecond), this.finished ? undefined : this);
    }
    const params = typeof logger === 'string' ? { level, logger, data } : { level, data };
    return this.host.notify({ jsonrpc: '2.0', method: 'notifications/message', params }, this.finished ? undefined : this);
  }

  elicit(params: ElicitRequestFormParams | ElicitRequestURLParams, options?: AskOptions): Promise<ElicitResult>;
  elicit<T extends object>(message: string, options: ElicitFormOptions): Promise<ElicitAnswer<T>>;
  elicit(
    params: ElicitRequestFormParams | ElicitRequestURLParams | string,
    options?: AskOptions,
  ): Promise<ElicitResult> | Promise<ElicitAnswer<object>> {
    if (typeof params === 'string')
      return askTypedForm(this.host, this, params, options as ElicitFormOptions | undefined) as Promise<ElicitAnswer<object>>;
    return this.host.request(
      'elicitation/create',
      params as unknown as Record<string, unknown>,
      this,
      options?.key,
    ) as unknown as Promise<ElicitResult>;
  }

  sample(params: CreateMessageRequestParams, options?: AskOptions): Promise<CreateMessageResult> {
    return this.host.request(
      'sampling/createMessage',
      params as unknown as Record<string, unknown>,
      this,
      options?.key,
    ) as unknown as Promise<CreateMessageResult>;
  }

  async listRoots(options?: AskOptions): Promise<Root[]> {
    const result = await this.host.request('roots/list', {}, this, options?.key);
    return result.roots as Root[];
  }
}

/** The warning that stands for the log messages a request's cap dropped. */
function droppedLogs(
  dropped: number,
  perSecond: number,
): { jsonrpc: '2.0'; method: 'notifications/message'; params: { level: LoggingLevel; logger: string; data: unknown } } {
  return {
    jsonrpc: '2.0',
    method: 'notifications/message',
    params: {
      level: 'warning',
      logger: 'armature',
      data: { message: `${dropped} log message(s) of this request were dropped (more than ${perSecond} per second)`, dropped },
    },
  };
}

/** The abort reasons the engine uses, as local errors a handler can recognise by code. */
export const abortReasons = {
  cancelled: (reason: unknown) =>
    new ArmatureError(
      EngineErrorCode.REQUEST_CANCELLED,
      typeof reason === 'string' ? `Request cancelled by the client: ${reason}` : 'Request cancelled by the client',
    ),
  timeout: (ms: number) => new ArmatureError(EngineErrorCode.REQUEST_TIMEOUT, `Request timed out after ${ms} ms`),
  closed: () => new ArmatureError(EngineErrorCode.SESSION_CLOSED, 'The session closed before the request finished'),
};
