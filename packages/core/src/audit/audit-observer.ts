import { performance } from 'node:perf_hooks';
import { principalKey } from '../context/principal';
import type { ObservedRequest, RequestObservation, RequestObserver } from '../kernel/request-observer';
import type { ServerLogger } from '../protocol/server-logger';
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

const AUDITED = new Set(['tools/call', 'resources/read', 'prompts/get']);

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
    if (!AUDITED.has(method)) return undefined;
    const params = request.params;
    const base: Record<string, unknown> = {
      method,
      requestId: request.id,
      principal: principalKey(request.authInfo) ?? null,
    };
    if (request.sessionId !== undefined) base.session = request.sessionId;
    if (request.protocolVersion !== undefined) base.protocolVersion = request.protocolVersion;
    const started: Record<string, unknown> = { ...base };
    if (method === 'tools/call') {
      base.tool = cut(params.name);
      const tool = typeof params.name === 'string' ? this.toolOf(params.name) : undefined;
      if (tool?.fingerprint !== undefined) base.fingerprint = tool.fingerprint;
      Object.assign(started, base);
      // An unknown tool's arguments are not recorded: nothing says which of them are secret.
      if (tool !== undefined) started.arguments = redactArguments(params.arguments ?? {}, tool.sensitive);
    } else {
      if (method === 'prompts/get') base.prompt = cut(params.name);
      else base.uri = cut(params.uri);
      Object.assign(started, base);
    }
    this.emit('call.started', started);
    const from = performance.now();
    const ended = (type: AuditEventType, outcome: { outcome: AuditOutcome; errorCode?: number }): void =>
      this.emit(type, { ...base, durationMs: Math.round((performance.now() - from) * 1000) / 1000, ...outcome });
    return {
      answered: (response) => {
        const outcome = outcomeOf(method, response);
        ended(outcome.outcome === 'error' || outcome.outcome === 'tool_error' ? 'call.failed' : 'call.finished', outcome);
      },
      aborted: () => ended('call.failed', { outcome: 'cancelled' }),
    };
  }

  private emit(type: AuditEventType, fields: Record<string, unknown>): void {
    const event = { type, time: new Date().toISOString(), ...fields } as unknown as AuditEvent;
    try {
      this.sink.record(event);
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
