import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type SpanContext,
  trace,
  TraceFlags,
  createTraceState,
} from '@opentelemetry/api';
import type { ObservedRequest } from '@armature/core/observability';

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const INVALID_TRACE = '0'.repeat(32);
const INVALID_SPAN = '0'.repeat(16);
/** W3C limits: tracestate 512 chars is the recommended propagation floor; baggage 8192 bytes. */
const MAX_TRACESTATE = 512;
const MAX_BAGGAGE = 8192;
const MAX_BAGGAGE_ENTRIES = 64;

/** The W3C trace context carried by a request: `_meta` keys (MCP 2026-07-28, SEP-414) or HTTP headers. */
interface Carrier {
  readonly traceparent: string;
  readonly tracestate: string | undefined;
  readonly baggage: string | undefined;
}

function metaString(meta: Record<string, unknown>, key: string): string | undefined {
  const value = meta[key];
  return typeof value === 'string' ? value : undefined;
}

/** The `_meta` keys MCP 2026-07-28 reserves for trace context (SEP-414); any revision may send them. */
function metaCarrier(request: ObservedRequest): Carrier | undefined {
  const meta = request.params._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const record = meta as Record<string, unknown>;
  const traceparent = metaString(record, 'traceparent');
  return traceparent === undefined
    ? undefined
    : { traceparent, tracestate: metaString(record, 'tracestate'), baggage: metaString(record, 'baggage') };
}

/** The W3C headers of the HTTP request that carried the message. */
function headerCarrier(request: ObservedRequest): Carrier | undefined {
  const traceparent = request.header('traceparent');
  return traceparent === undefined
    ? undefined
    : { traceparent, tracestate: request.header('tracestate'), baggage: request.header('baggage') };
}

function contextOf(carrier: Carrier | undefined): Context | undefined {
  const parent = carrier === undefined ? undefined : parseTraceparent(carrier.traceparent, carrier.tracestate);
  return parent === undefined ? undefined : withBaggage(trace.setSpanContext(ROOT_CONTEXT, parent), carrier!.baggage);
}

/** A remote parent from a W3C `traceparent`, or undefined when it is malformed or all zeros. */
export function parseTraceparent(traceparent: string, tracestate: string | undefined): SpanContext | undefined {
  const match = TRACEPARENT.exec(traceparent.trim());
  if (match === null) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined];
  // Version ff is invalid; version 00 has exactly four fields.
  if (version === 'ff' || (version === '00' && rest !== undefined) || traceId === INVALID_TRACE || spanId === INVALID_SPAN)
    return undefined;
  const context: SpanContext = { traceId, spanId, traceFlags: parseInt(flags, 16) & TraceFlags.SAMPLED, isRemote: true };
  if (tracestate !== undefined && tracestate.length <= MAX_TRACESTATE) context.traceState = createTraceState(tracestate);
  return context;
}

/** W3C baggage `key=value;props, …` into the context (bounded; malformed members skipped). */
function withBaggage(ctx: Context, header: string | undefined): Context {
  if (header === undefined || header.length > MAX_BAGGAGE) return ctx;
  const entries: Record<string, { value: string }> = {};
  let count = 0;
  for (const member of header.split(',')) {
    if (count === MAX_BAGGAGE_ENTRIES) break;
    const pair = member.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    try {
      entries[decodeURIComponent(pair.slice(0, eq).trim())] = { value: decodeURIComponent(pair.slice(eq + 1).trim()) };
      count++;
    } catch {
      // A member that is not valid percent-encoding is skipped.
    }
  }
  return count === 0 ? ctx : propagation.setBaggage(ctx, propagation.createBaggage(entries));
}

/**
 * The context a request's server span starts in. `_meta` trace context first: it names the
 * client's span for this very message, whatever the transport. Else the active context when
 * it holds a span (HTTP auto-instrumentation's span of the POST, already parented by the
 * headers); else the HTTP request's `traceparent` headers; else the active context (a root).
 */
export function parentContextOf(request: ObservedRequest): Context {
  const fromMeta = contextOf(metaCarrier(request));
  if (fromMeta !== undefined) return fromMeta;
  const active = context.active();
  if (trace.getSpan(active) !== undefined) return active;
  return contextOf(headerCarrier(request)) ?? active;
}
