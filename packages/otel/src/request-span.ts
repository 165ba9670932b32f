import {
  type Attributes,
  type Context,
  context,
  type Histogram,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import type { ObservedRequest, RequestObservation } from '@armature/core/observability';
import type { JSONRPCErrorResponse, JSONRPCResponse } from '@armature/core/wire/2025-11-25';
import { bounded, CANCELLED, MCP_ATTRIBUTES as A, TOOL_ERROR } from './attributes';
import { parentContextOf } from './trace-context';

/** What a request is about: the tool or prompt it names (the span name's `{target}`), or the resource it reads. */
function targetsOf(request: ObservedRequest): { tool?: string; prompt?: string; uri?: string } {
  const { method, params } = request;
  if (method === 'tools/call' && typeof params.name === 'string') return { tool: bounded(params.name) };
  if (method === 'prompts/get' && typeof params.name === 'string') return { prompt: bounded(params.name) };
  if (method.startsWith('resources/') && typeof params.uri === 'string') return { uri: bounded(params.uri) };
  return {};
}

/** The attributes both the span and the histogram carry (low cardinality: no ids, no URIs). */
function commonAttributes(request: ObservedRequest, tool: string | undefined, prompt: string | undefined): Attributes {
  const attributes: Attributes = { [A.methodName]: bounded(request.method) };
  if (request.protocolVersion !== undefined) attributes[A.protocolVersion] = bounded(request.protocolVersion);
  if (tool !== undefined) {
    attributes[A.toolName] = tool;
    attributes[A.operationName] = 'execute_tool';
  }
  if (prompt !== undefined) attributes[A.promptName] = prompt;
  // A Host header means the message came over HTTP (Streamable HTTP, or a WebSocket upgrade).
  if (request.header('host') !== undefined) {
    attributes[A.networkProtocolName] = 'http';
    attributes[A.networkTransport] = 'tcp';
  }
  return attributes;
}

/** How a request ended, as `error.type` / `rpc.response.status_code`; undefined for a success. */
function failureOf(
  method: string,
  response: JSONRPCResponse | JSONRPCErrorResponse,
): { type: string; code?: string; message: string } | undefined {
  if ('error' in response) {
    const code = String(response.error.code);
    return { type: code, code, message: bounded(String(response.error.message)) };
  }
  if (method === 'tools/call' && (response.result as { isError?: unknown }).isError === true)
    return { type: TOOL_ERROR, message: 'the tool reported an error' };
  return undefined;
}

/**
 * One request's telemetry: its SERVER span (when tracing is on), entered while the method runs
 * so the handler's own spans are its children, and its duration on the histogram (when
 * metrics are on). Ends once, with the answer or the abort.
 */
export class RequestSpan implements RequestObservation {
  private readonly startedAt = performance.now();
  private readonly span: Span | undefined;
  private readonly parent: Context;
  private readonly attributes: Attributes;

  constructor(
    private readonly request: ObservedRequest,
    tracer: Tracer | undefined,
    private readonly histogram: Histogram | undefined,
  ) {
    const { tool, prompt, uri } = targetsOf(request);
    this.attributes = commonAttributes(request, tool, prompt);
    this.parent = parentContextOf(request);
    if (tracer === undefined) return;
    const spanAttributes: Attributes = { ...this.attributes, [A.requestId]: bounded(String(request.id)) };
    if (request.sessionId !== undefined) spanAttributes[A.sessionId] = request.sessionId;
    if (uri !== undefined) spanAttributes[A.resourceUri] = uri;
    const target = tool ?? prompt;
    const name = target === undefined ? request.method : `${request.method} ${target}`;
    this.span = tracer.startSpan(bounded(name), { kind: SpanKind.SERVER, attributes: spanAttributes }, this.parent);
  }

  enter<T>(run: () => T): T {
    const span = this.span;
    return span === undefined ? context.with(this.parent, run) : context.with(trace.setSpan(this.parent, span), run);
  }

  answered(response: JSONRPCResponse | JSONRPCErrorResponse): void {
    const failure = failureOf(this.request.method, response);
    if (failure === undefined) this.finish(undefined, undefined, undefined);
    else this.finish(failure.type, failure.code, failure.message);
  }

  aborted(): void {
    this.finish(CANCELLED, undefined, 'the request was cancelled or its client went away');
  }

  private finish(errorType: string | undefined, statusCode: string | undefined, message: string | undefined): void {
    const failed: Attributes = {};
    if (errorType !== undefined) failed[A.errorType] = errorType;
    if (statusCode !== undefined) failed[A.responseStatusCode] = statusCode;
    const span = this.span;
    if (span !== undefined) {
      span.setAttributes(failed);
      if (errorType !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message });
      span.end();
    }
    if (this.histogram === undefined) return;
    // A name the server refused (-32602: unknown tool or prompt) stays out of the metric's attributes:
    // clients choose it, and a histogram's series must stay few.
    const attributes = statusCode === '-32602' ? withoutTargets(this.attributes) : this.attributes;
    this.histogram.record((performance.now() - this.startedAt) / 1000, { ...attributes, ...failed });
  }
}

function withoutTargets(attributes: Attributes): Attributes {
  const { [A.toolName]: _tool, [A.promptName]: _prompt, ...rest } = attributes;
  return rest;
}
