import {
  metrics,
  type Histogram,
  type Meter,
  type MeterProvider,
  ProxyTracerProvider,
  trace,
  type Tracer,
  type TracerProvider,
  createNoopMeter,
} from '@opentelemetry/api';
import type { ObservedRequest, RequestObservation, RequestObserver } from '@armature/core/observability';
import { DURATION_BUCKETS, MCP_SERVER_OPERATION_DURATION } from './attributes';
import { RequestSpan } from './request-span';

/** Options of {@link otelObserver}. */
export interface OtelObserverOptions {
  /**
   * Where spans go. Default: the global provider (`trace.getTracerProvider()`), checked on each
   * request until one is registered, so an SDK started after the app is picked up.
   */
  readonly tracerProvider?: TracerProvider;
  /** Where the duration histogram goes. Default: the global provider (`metrics.getMeterProvider()`), checked the same way. */
  readonly meterProvider?: MeterProvider;
}

const SCOPE = '@armature/otel';
const SCOPE_VERSION = '0.1.0';

/**
 * A `RequestObserver` that records every MCP request the way the OpenTelemetry MCP semantic
 * conventions describe: a SERVER span `{mcp.method.name} {target}` with `mcp.*`, `gen_ai.*`,
 * `jsonrpc.request.id`, `error.type` and `rpc.response.status_code`, parented by the trace
 * context of `params._meta` (or of the HTTP request), and the `mcp.server.operation.duration`
 * histogram. Depends on `@opentelemetry/api` only: bring your own SDK.
 *
 * While neither a tracer nor a meter provider is registered it observes nothing (`start`
 * returns undefined after two global lookups), so installing it costs next to nothing.
 *
 * ```ts
 * const app = await Armature.create(AppModule, { name: 'notes', version: '1.0.0', requestObserver: otelObserver() });
 * ```
 */
export function otelObserver(options: OtelObserverOptions = {}): RequestObserver {
  return new OtelObserver(options);
}

class OtelObserver implements RequestObserver {
  private tracer: Tracer | undefined;
  private histogram: Histogram | undefined;

  constructor(private readonly options: OtelObserverOptions) {
    if (options.tracerProvider !== undefined) this.tracer = options.tracerProvider.getTracer(SCOPE, SCOPE_VERSION);
    if (options.meterProvider !== undefined) this.histogram = durationHistogram(options.meterProvider.getMeter(SCOPE, SCOPE_VERSION));
  }

  start(request: ObservedRequest): RequestObservation | undefined {
    const tracer = this.tracer ?? this.registeredTracer();
    const histogram = this.histogram ?? this.registeredHistogram();
    if (tracer === undefined && histogram === undefined) return undefined;
    return new RequestSpan(request, tracer, histogram);
  }

  /** The global tracer once an SDK registered a provider (kept from then on); undefined before. */
  private registeredTracer(): Tracer | undefined {
    if (this.options.tracerProvider !== undefined) return undefined;
    const provider = trace.getTracerProvider();
    // The API's global is a proxy whose delegate is unset until an SDK registers one.
    if (provider instanceof ProxyTracerProvider && provider.getDelegateTracer(SCOPE, SCOPE_VERSION) === undefined) return undefined;
    this.tracer = provider.getTracer(SCOPE, SCOPE_VERSION);
    return this.tracer;
  }

  private registeredHistogram(): Histogram | undefined {
    if (this.options.meterProvider !== undefined) return undefined;
    const meter = metrics.getMeterProvider().getMeter(SCOPE, SCOPE_VERSION);
    if (meter === createNoopMeter()) return undefined;
    this.histogram = durationHistogram(meter);
    return this.histogram;
  }
}

function durationHistogram(meter: Meter): Histogram {
  return meter.createHistogram(MCP_SERVER_OPERATION_DURATION, {
    description: 'MCP request duration as observed on the server, from its receipt until its answer is sent.',
    unit: 's',
    advice: { explicitBucketBoundaries: [...DURATION_BUCKETS] },
  });
}
