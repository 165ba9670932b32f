import { expect } from 'chai';
import { context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import type { Armature } from '@armature/core';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { createFixtureApp, probes, until, within } from '@armature/transport-fixtures';
import { otelObserver } from '../src';
import { clientSpan, Telemetry } from './support/telemetry';
import { createTracedApp } from './support/traced-app';

const V2026 = '2026-07-28';

/** The span's parent span id (SDK 2.x keeps it in `parentSpanContext`). */
function parentOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}

/** A raw MCP 2026-07-28 POST (a JSON answer), with extra headers. */
async function post2026(
  url: string,
  id: number,
  method: string,
  params: Record<string, unknown>,
  meta: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const body = {
    jsonrpc: '2.0',
    id,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': V2026,
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
        ...meta,
      },
    },
  };
  const nameHeader: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': V2026,
      'mcp-method': method,
      ...nameHeader,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

describe('@armature/otel: spans and metrics for every request, exported to in-memory exporters, over Streamable HTTP', () => {
  let telemetry: Telemetry;
  let app: Armature | undefined;
  let http: HttpListenHandle | undefined;
  const closers: (() => Promise<unknown>)[] = [];

  before(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  });

  after(() => {
    context.disable();
  });

  beforeEach(() => {
    telemetry = new Telemetry();
  });

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
    await http?.close(100);
    await app?.close();
    http = undefined;
    app = undefined;
    await telemetry.shutdown();
  });

  async function serveFixture(stateless: boolean): Promise<string> {
    app = await createFixtureApp('otel-fixture', {
      requestObserver: otelObserver({ tracerProvider: telemetry.tracerProvider, meterProvider: telemetry.meterProvider }),
    });
    http = await listenHttp(app, { port: 0, stateless });
    return http.url;
  }

  describe('MCP 2025-11-25 (official SDK v1 client, a session)', () => {
    let client: ClientV1;
    let transport: HttpTransportV1;

    beforeEach(async () => {
      const url = await serveFixture(false);
      client = new ClientV1({ name: 'otel-v1', version: '1.0.0' });
      transport = new HttpTransportV1(new URL(url));
      await within(client.connect(transport), 'connect');
      closers.push(() => client.close());
    });

    it('tools/call: a SERVER span "tools/call echo" with the MCP attributes, parented by _meta.traceparent', async () => {
      const parent = clientSpan('4bf92f3577b34da6a3ce929d0e0e4736');
      await within(
        client.callTool({ name: 'echo', arguments: { text: 'hi' }, _meta: { traceparent: parent.traceparent, tracestate: 'vendor=1' } }),
        'echo',
      );
      const span = await telemetry.span('tools/call echo');
      expect(span.kind).to.equal(SpanKind.SERVER);
      expect(span.spanContext().traceId).to.equal(parent.traceId);
      expect(parentOf(span)).to.equal(parent.spanId);
      expect(span.parentSpanContext?.traceState?.get('vendor')).to.equal('1');
      expect(span.attributes).to.deep.include({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'echo',
        'gen_ai.operation.name': 'execute_tool',
        'mcp.protocol.version': '2025-11-25',
        'mcp.session.id': transport.sessionId,
        'network.protocol.name': 'http',
        'network.transport': 'tcp',
      });
      expect(span.attributes['jsonrpc.request.id']).to.be.a('string');
      expect(span.attributes).to.not.have.any.keys('error.type', 'rpc.response.status_code');
      expect(span.status.code).to.equal(SpanStatusCode.UNSET);
      // initialize went through the same seam, as a root span (no trace context sent).
      expect(parentOf(await telemetry.span('initialize'))).to.equal(undefined);
    });

    it('outcomes: a tool error is error.type tool_error; an unknown tool -32602 on the span and no tool name in the metric', async () => {
      await within(client.callTool({ name: 'refuse', arguments: {} }), 'refuse');
      await client.callTool({ name: 'no-such-tool', arguments: {} }).catch(() => undefined);
      const refused = await telemetry.span('tools/call refuse');
      expect(refused.attributes['error.type']).to.equal('tool_error');
      expect(refused.status.code).to.equal(SpanStatusCode.ERROR);
      const unknown = await telemetry.span('tools/call no-such-tool');
      expect(unknown.attributes).to.deep.include({ 'error.type': '-32602', 'rpc.response.status_code': '-32602' });
      expect(unknown.status).to.deep.include({ code: SpanStatusCode.ERROR });

      const points = await telemetry.durations();
      const calls = points.filter((p) => p.attributes['mcp.method.name'] === 'tools/call');
      expect(calls.map((p) => [p.attributes['gen_ai.tool.name'], p.attributes['error.type']])).to.have.deep.members([
        ['refuse', 'tool_error'],
        [undefined, '-32602'],
      ]);
      for (const point of points) {
        expect(point.count).to.be.greaterThan(0);
        expect(point.attributes).to.not.have.any.keys('jsonrpc.request.id', 'mcp.session.id', 'mcp.resource.uri');
        // initialize is served before a version is negotiated: it has none.
        expect(point.attributes['mcp.protocol.version']).to.equal(
          point.attributes['mcp.method.name'] === 'initialize' ? undefined : '2025-11-25',
        );
      }
    });

    it('resources/read carries mcp.resource.uri (not in the span name); prompts/get is "prompts/get greet"', async () => {
      await within(client.readResource({ uri: 'fixture://items/7' }), 'read');
      await within(client.getPrompt({ name: 'greet', arguments: { name: 'Lin' } }), 'prompt');
      expect((await telemetry.span('resources/read')).attributes['mcp.resource.uri']).to.equal('fixture://items/7');
      expect((await telemetry.span('prompts/get greet')).attributes['gen_ai.prompt.name']).to.equal('greet');
      const read = await client.readResource({ uri: 'fixture://nope' }).catch((e: unknown) => e);
      expect((read as { code?: number }).code).to.equal(-32002);
      await until(() => telemetry.spans().some((s) => s.attributes['mcp.resource.uri'] === 'fixture://nope'), 'the failed read span');
      const failed = telemetry.spans().find((s) => s.attributes['mcp.resource.uri'] === 'fixture://nope')!;
      expect(failed.attributes['error.type']).to.equal('-32002');
    });

    it('a cancelled call ends its span with error.type cancelled', async () => {
      const controller = new AbortController();
      const call = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal }).catch(() => 'cancelled');
      await within(probes.waitStarted.promise, 'the handler to start');
      controller.abort('stop');
      await within(call, 'the call to settle');
      const span = await telemetry.span('tools/call wait');
      expect(span.attributes['error.type']).to.equal('cancelled');
      expect(span.status.code).to.equal(SpanStatusCode.ERROR);
    });
  });

  describe('MCP 2026-07-28 (official SDK v2 client pinned, stateless POSTs)', () => {
    it('tools/call: the span has the request _meta traceparent as parent and mcp.protocol.version 2026-07-28', async () => {
      const url = await serveFixture(true);
      const client = new ClientV2({ name: 'otel-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: V2026 } } });
      await within(client.connect(new HttpTransportV2(new URL(url))), 'connect');
      closers.push(() => client.close());
      const parent = clientSpan('0af7651916cd43dd8448eb211c80319c');
      await within(
        client.callTool({ name: 'echo', arguments: { text: 'hi' }, _meta: { traceparent: parent.traceparent, baggage: 'user=ada' } }),
        'echo',
      );
      const span = await telemetry.span('tools/call echo');
      expect(span.spanContext().traceId).to.equal(parent.traceId);
      expect(parentOf(span)).to.equal(parent.spanId);
      expect(span.attributes).to.deep.include({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'echo',
        'mcp.protocol.version': V2026,
      });
      expect(span.attributes).to.not.have.any.keys('mcp.session.id');
      expect(await telemetry.span('server/discover')).to.have.property('kind', SpanKind.SERVER);
      const calls = (await telemetry.durations()).filter((p) => p.attributes['mcp.method.name'] === 'tools/call');
      expect(calls.map((p) => p.attributes['mcp.protocol.version'])).to.deep.equal([V2026]);
    });

    it('takes the trace context from the HTTP headers when _meta has none, and prefers _meta when both do', async () => {
      const url = await serveFixture(true);
      const header = clientSpan('11111111111111111111111111111111');
      const meta = clientSpan('22222222222222222222222222222222');
      await post2026(url, 1, 'tools/call', { name: 'echo', arguments: { text: 'a' } }, {}, { traceparent: header.traceparent });
      await post2026(
        url,
        2,
        'tools/call',
        { name: 'measure', arguments: { text: 'b' } },
        { traceparent: meta.traceparent },
        { traceparent: header.traceparent },
      );
      expect(parentOf(await telemetry.span('tools/call echo'))).to.equal(header.spanId);
      const preferred = await telemetry.span('tools/call measure');
      expect(preferred.spanContext().traceId).to.equal(meta.traceId);
      expect(parentOf(preferred)).to.equal(meta.spanId);
    });

    it('ignores a malformed traceparent (a root span) and bounds a client-sent tool name', async () => {
      const url = await serveFixture(true);
      const long = 'x'.repeat(5000);
      const answer = await post2026(url, 3, 'tools/call', { name: long, arguments: {} }, { traceparent: '00-zz-not-a-trace-01' });
      expect(answer).to.have.nested.property('error.code', -32602);
      const span = telemetry.spans().find((s) => s.attributes['mcp.method.name'] === 'tools/call')!;
      expect(parentOf(span)).to.equal(undefined);
      expect(String(span.attributes['gen_ai.tool.name']).length).to.be.at.most(257);
      expect(span.name.length).to.be.at.most(257);
    });
  });

  describe("the handler runs inside the request's span", () => {
    for (const revision of ['2025-11-25', V2026] as const) {
      it(`${revision}: trace.getActiveSpan() in the tool is the MCP span, also after an await`, async () => {
        app = await createTracedApp(otelObserver({ tracerProvider: telemetry.tracerProvider }));
        http = await listenHttp(app, { port: 0 });
        const url = new URL(http.url);
        let call: () => Promise<unknown>;
        if (revision === V2026) {
          const client = new ClientV2({ name: 'otel-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: V2026 } } });
          await within(client.connect(new HttpTransportV2(url)), 'connect');
          closers.push(() => client.close());
          call = () => client.callTool({ name: 'activeSpan', arguments: {} });
        } else {
          const client = new ClientV1({ name: 'otel-v1', version: '1.0.0' });
          await within(client.connect(new HttpTransportV1(url)), 'connect');
          closers.push(() => client.close());
          call = () => client.callTool({ name: 'activeSpan', arguments: {} });
        }
        const result = (await within(call(), 'activeSpan')) as { content: { text: string }[] };
        const span = await telemetry.span('tools/call activeSpan');
        expect(result.content[0]!.text).to.equal(`${span.spanContext().spanId} ${span.spanContext().spanId}`);
      });
    }
  });
});
