import { expect } from 'chai';
import { metrics, propagation, trace } from '@opentelemetry/api';
import type { ObservedRequest } from '@armature/core/observability';
import { otelObserver, parseTraceparent } from '../src';
import { parentContextOf } from '../src/trace-context';
import { Telemetry } from './support/telemetry';

/** A request as the kernel describes it to an observer. */
function request(overrides: Partial<ObservedRequest> = {}): ObservedRequest {
  return {
    id: 1,
    method: 'tools/call',
    params: { name: 'echo' },
    protocolVersion: '2025-11-25',
    sessionId: undefined,
    authInfo: undefined,
    header: () => undefined,
    ...overrides,
  };
}

describe('@armature/otel: otelObserver and trace context', () => {
  afterEach(() => {
    trace.disable();
    metrics.disable();
  });

  it('observes nothing while no tracer or meter provider is registered, and picks one up once an SDK registers', async () => {
    const observer = otelObserver();
    expect(observer.start(request())).to.equal(undefined);
    const telemetry = new Telemetry();
    trace.setGlobalTracerProvider(telemetry.tracerProvider);
    const observation = observer.start(request());
    expect(observation).to.not.equal(undefined);
    observation!.answered({ jsonrpc: '2.0', id: 1, result: { content: [] } });
    expect(telemetry.spans().map((s) => s.name)).to.deep.equal(['tools/call echo']);
    await telemetry.shutdown();
  });

  it('records only the histogram when only a meter provider is registered', async () => {
    const telemetry = new Telemetry();
    metrics.setGlobalMeterProvider(telemetry.meterProvider);
    const observer = otelObserver();
    observer.start(request({ method: 'ping', params: {} }))!.answered({ jsonrpc: '2.0', id: 1, result: {} });
    expect(telemetry.spans()).to.deep.equal([]);
    const points = await telemetry.durations();
    expect(points.map((p) => p.attributes)).to.deep.equal([{ 'mcp.method.name': 'ping', 'mcp.protocol.version': '2025-11-25' }]);
    expect(points[0]!.sum).to.be.at.least(0);
    await telemetry.shutdown();
  });

  it('parses W3C traceparent strictly: version, lengths, hex, all-zero ids', () => {
    const valid = parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', 'a=1,b=2');
    expect(valid).to.deep.include({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: 1,
      isRemote: true,
    });
    expect(valid?.traceState?.get('b')).to.equal('2');
    // A later version may append fields; 00 may not.
    expect(parseTraceparent('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00-extra', undefined)).to.deep.include({ traceFlags: 0 });
    for (const bad of [
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra',
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
      'garbage',
    ]) {
      expect(parseTraceparent(bad, undefined), bad).to.equal(undefined);
    }
  });

  it('reads baggage with the _meta or header traceparent, bounded: oversized or past 64 members is cut', () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const withMeta = parentContextOf(request({ params: { _meta: { traceparent, baggage: 'user=ada, team=core;prop=1, bad' } } }));
    const baggage = propagation.getBaggage(withMeta);
    expect(baggage?.getEntry('user')?.value).to.equal('ada');
    expect(baggage?.getEntry('team')?.value).to.equal('core');
    expect(baggage?.getAllEntries()).to.have.length(2);
    const headers: Record<string, string> = { traceparent, baggage: `big=${'x'.repeat(9000)}` };
    expect(propagation.getBaggage(parentContextOf(request({ params: {}, header: (name) => headers[name] })))).to.equal(undefined);
    const many = Array.from({ length: 100 }, (_, i) => `k${i}=v`).join(',');
    expect(
      propagation.getBaggage(parentContextOf(request({ params: { _meta: { traceparent, baggage: many } } })))?.getAllEntries(),
    ).to.have.length(64);
    // No traceparent: nothing is taken from the carrier, baggage included.
    expect(propagation.getBaggage(parentContextOf(request({ params: { _meta: { baggage: 'user=ada' } } })))).to.equal(undefined);
  });
});
