// `performance` is Node's global: perf_hooks loads when an audited call first reads it, not when core loads.
import { principalKey } from '../context/principal';
import type { ObservedRequest, RequestObservation, RequestObserver } from '../kernel/request-observer';
import type { ServerLogger } from '../logging/server-logger';
import type { JSONRPCErrorResponse, JSONRPCResponse } from '../wire/mcp-types.generated';
import type { AuditEvent, AuditEventType, AuditOutcome, AuditSink } from './audit-sink';
import { redactArguments } from './redaction';

/** What the manifest says of a served tool that an audit record needs. */
export interface AuditedTool {
  readonly fingerprint?: string;
  readonly sensitive?: readonly string[];
}

/** Strings the client chose are cut to this length in records. */
const MAX_NAME_CHARS = 256;

function cut(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.length > MAX_NAME_CHARS ? `${value.slice(0, MAX_NAME_CHARS)}…` : value;
}

/** How an answer ends a call, for its record. */
function outcomeOf(method: string, response: JSONRPCResponse | JSONRPCErrorResponse): { outcome: AuditOutcome; errorCode?: number } {
  if ('error' in response) return { outcome: 'error', errorCode: response.error.code };
  const result = response.result as Record<string, unknown>;
  if (result.resultType === 'input_required') return { outcome: 'input_required' };
  if (result.resultType === 'task' || (typeof result.task === 'object' && result.task !== null)) return { outcome: 'task' };
  if (method === 'tools/call' && result.isError === true) return { outcome: 'tool_error' };
  return { outcome: 'ok' };
}

type AuditedMethod = AuditEvent['method'];

/**
 * One record. A class with every field set (undefined when absent, which JSON leaves out), so
 * every record has one shape: objects built key by key or by spreading were ten times slower.
 */
class AuditRecord implements AuditEvent {
  // Declared in the order a JSON line shows them.
  readonly type: AuditEventType;
  readonly time: string;
  readonly method: AuditedMethod;
  readonly requestId: AuditEvent['requestId'];
  readonly principal: string | null;
  readonly session: string | undefined;
  readonly protocolVersion: string | undefined;
  readonly tool: string | undefined;
  readonly fingerprint: string | undefined;
  readonly prompt: string | undefined;
  readonly uri: string | undefined;
  arguments: unknown;
  durationMs: number | undefined;
  outcome: AuditOutcome | undefined;
  errorCode: number | undefined;

  constructor(type: AuditEventType, method: AuditedMethod, requestId: AuditEvent['requestId'], call: AuditedCall) {
    this.type = type;
    this.time = new Date().toISOString();
    this.method = method;
    this.requestId = requestId;
    this.principal = call.principal;
    this.session = call.session;
    this.protocolVersion = call.protocolVersion;
    this.tool = call.tool;
    this.fingerprint = call.fingerprint;
    this.prompt = call.prompt;
    this.uri = call.uri;
    this.arguments = undefined;
    this.durationMs = undefined;
    this.outcome = undefined;
    this.errorCode = undefined;
  }
}

/** One audited call, from its start to its answer or abort (the observation the kernel holds). */
class AuditedCall implements RequestObservation {
  readonly principal: string | null;
  readonly session: string | undefined;
  readonly protocolVersion: string | undefined;
  tool: string | undefined = undefined;
  fingerprint: string | undefined = undefined;
  prompt: string | undefined = undefined;
  uri: string | undefined = undefined;
  private readonly from = performance.now();

  constructor(
    private readonly observer: AuditObserver,
    private readonly method: AuditedMethod,
    private readonly requestId: AuditEvent['requestId'],
    request: ObservedRequest,
  ) {
    this.principal = principalKey(request.authInfo) ?? null;
    this.session = request.sessionId;
    this.protocolVersion = request.protocolVersion;
  }

  started(args: unknown): void {
    const record = new AuditRecord('call.started', this.method, this.requestId, this);
    record.arguments = args;
    this.observer.emit(record);
  }

  answered(response: JSONRPCResponse | JSONRPCErrorResponse): void {
    const { outcome, errorCode } = outcomeOf(this.method, response);
    this.ended(outcome === 'error' || outcome === 'tool_error' ? 'call.failed' : 'call.finished', outcome, errorCode);
  }

  aborted(): void {
    this.ended('call.failed', 'cancelled', undefined);
  }

  private ended(type: AuditEventType, outcome: AuditOutcome, errorCode: number | undefined): void {
    const record = new AuditRecord(type, this.method, this.requestId, this);
    record.durationMs = Math.round((performance.now() - this.from) * 1000) / 1000;
    record.outcome = outcome;
    record.errorCode = errorCode;
    this.observer.emit(record);
  }
}

/**
 * The request observer behind the app's `audit` option: a record when a `tools/call`,
 * `resources/read` or `prompts/get` starts, and one when it is answered (`call.finished`) or
 * ends in an error or abort (`call.failed`). Other methods are not observed at all. Built only
 * when the option is set: without it the request path does no audit work.
 */
export class AuditObserver implements RequestObserver {
  private reported = false;

  constructor(
    private readonly sink: AuditSink,
    private readonly toolOf: (name: string) => AuditedTool | undefined,
    private readonly logger: ServerLogger,
  ) {}

  start(request: ObservedRequest): RequestObservation | undefined {
    const method = request.method;
    if (method !== 'tools/call' && method !== 'resources/read' && method !== 'prompts/get') return undefined;
    const params = request.params;
    const call = new AuditedCall(this, method, request.id, request);
    let args: unknown;
    if (method === 'tools/call') {
      call.tool = cut(params.name);
      const tool = typeof params.name === 'string' ? this.toolOf(params.name) : undefined;
      call.fingerprint = tool?.fingerprint;
      // An unknown tool's arguments are not recorded: nothing says which of them are secret.
      if (tool !== undefined) args = redactArguments(params.arguments ?? {}, tool.sensitive);
    } else if (method === 'prompts/get') call.prompt = cut(params.name);
    else call.uri = cut(params.uri);
    call.started(args);
    return call;
  }

  /** Hands a record to the sink; a failure is reported once and never reaches the call. */
  emit(record: AuditEvent): void {
    try {
      this.sink.record(record);
    } catch (error) {
      // Reported once: a broken sink must not flood the log, nor ever break the call.
      if (this.reported) return;
      this.reported = true;
      try {
        this.logger.warn('the audit sink failed; audit records are being lost (later failures are not reported)', error);
      } catch {
        // A logger that throws too: nothing more to do.
      }
    }
  }
}
