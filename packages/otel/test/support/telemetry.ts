import type { Attributes } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { DataPointType, MeterProvider, MetricReader, type HistogramMetricData } from '@opentelemetry/sdk-metrics';
import { until } from '@armature/transport-fixtures';

/** A metric reader the test collects on demand. */
class CollectingReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }

  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** One point of the duration histogram: its attributes and how many requests it counts. */
export interface DurationPoint {
  readonly attributes: Attributes;
  readonly count: number;
  readonly sum: number;
}

/** The OpenTelemetry SDK wired to in-memory exporters: what the observer recorded, for assertions. */
export class Telemetry {
  readonly exporter = new InMemorySpanExporter();
  readonly tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(this.exporter)] });
  private readonly reader = new CollectingReader();
  readonly meterProvider = new MeterProvider({ readers: [this.reader] });

  spans(): ReadableSpan[] {
    return this.exporter.getFinishedSpans();
  }

  /** Waits (bounded) for a finished span named `name`, and returns it. */
  async span(name: string): Promise<ReadableSpan> {
    await until(() => this.spans().some((s) => s.name === name), `a finished span named "${name}"`);
    return this.spans().find((s) => s.name === name)!;
  }

  /** Points of `mcp.server.operation.duration`. */
  async durations(): Promise<DurationPoint[]> {
    const { resourceMetrics } = await this.reader.collect();
    const metric = resourceMetrics.scopeMetrics
      .flatMap((s) => s.metrics)
      .find((m) => m.descriptor.name === 'mcp.server.operation.duration');
    if (metric === undefined) return [];
    if (metric.dataPointType !== DataPointType.HISTOGRAM) throw new Error('mcp.server.operation.duration is not a histogram');
    return (metric as HistogramMetricData).dataPoints.map((p) => ({
      attributes: p.attributes,
      count: p.value.count,
      sum: p.value.sum ?? 0,
    }));
  }

  async shutdown(): Promise<void> {
    await this.tracerProvider.shutdown();
    await this.meterProvider.shutdown();
  }
}

/** A W3C traceparent for a made-up client span; its trace and span ids. */
export function clientSpan(seed: string): { traceparent: string; traceId: string; spanId: string } {
  const traceId = seed.padEnd(32, '0').slice(0, 32);
  const spanId = seed.padEnd(16, '1').slice(0, 16);
  return { traceparent: `00-${traceId}-${spanId}-01`, traceId, spanId };
}
