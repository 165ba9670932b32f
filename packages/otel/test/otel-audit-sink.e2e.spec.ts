import { expect } from 'chai';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Armature } from '@armature/core';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { within } from '@armature/transport-fixtures';
import { otelAuditSink, otelObserver } from '../src';
import { createAuditedApp, FINGERPRINT } from './support/audited-app';
import { Telemetry } from './support/telemetry';

describe('@armature/otel: audit records as OpenTelemetry log records (in-memory exporter, SDK v1 client over Streamable HTTP)', () => {
  let exporter: InMemoryLogRecordExporter;
  let provider: LoggerProvider;
  let app: Armature | undefined;
  let http: HttpListenHandle | undefined;
  let client: ClientV1 | undefined;

  beforeEach(() => {
    exporter = new InMemoryLogRecordExporter();
    provider = new LoggerProvider({ processors: [new SimpleLogRecordProcessor({ exporter })] });
  });

  afterEach(async () => {
    await client?.close().catch(() => undefined);
    await http?.close(100);
    await app?.close();
    await provider.shutdown();
    client = undefined;
    http = undefined;
    app = undefined;
  });

  async function connect(): Promise<HttpTransportV1> {
    http = await listenHttp(app as Armature, { port: 0 });
    client = new ClientV1({ name: 'audit-otel', version: '1.0.0' });
    const transport = new HttpTransportV1(new URL(http.url));
    await within(client.connect(transport), 'connect');
    return transport;
  }

  it('emits armature.audit.call.started and .finished with the MCP attributes and the redacted record as body', async () => {
    app = await createAuditedApp(otelAuditSink({ loggerProvider: provider }));
    const transport = await connect();
    const result = await within(
      (client as ClientV1).callTool({ name: 'connect', arguments: { host: 'db', auth: { user: 'ada', token: 'tok-secret' } } }),
      'connect',
    );
    expect(result.content).to.deep.equal([{ type: 'text', text: 'ada@db' }]);
    const records = exporter.getFinishedLogRecords();
    expect(records.map((r) => r.eventName)).to.deep.equal(['armature.audit.call.started', 'armature.audit.call.finished']);
    const [started, finished] = records;
    expect(started?.severityNumber).to.equal(SeverityNumber.INFO);
    expect(started?.attributes).to.deep.include({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'connect',
      'mcp.protocol.version': '2025-11-25',
      'mcp.session.id': transport.sessionId,
      'armature.tool.fingerprint': FINGERPRINT,
    });
    expect(started?.body).to.deep.include({ arguments: { host: 'db', auth: { user: 'ada', token: '[redacted]' } } });
    expect(JSON.stringify(records.map((r) => [r.body, r.attributes]))).to.not.contain('tok-secret');
    expect(finished?.attributes).to.deep.include({ 'armature.audit.outcome': 'ok' });
    expect(finished?.attributes['armature.audit.duration_ms']).to.be.a('number');
  });

  it('failed calls are WARN records (invalid arguments: tool_error; an unknown tool: the JSON-RPC code); spans are still recorded beside them', async () => {
    const telemetry = new Telemetry();
    try {
      app = await createAuditedApp(
        otelAuditSink({ loggerProvider: provider }),
        otelObserver({ tracerProvider: telemetry.tracerProvider, meterProvider: telemetry.meterProvider }),
      );
      await connect();
      await within((client as ClientV1).callTool({ name: 'connect', arguments: { host: 'db' } }), 'connect');
      await (client as ClientV1).callTool({ name: 'missing', arguments: {} }).catch(() => undefined);
      const failed = exporter.getFinishedLogRecords().filter((r) => r.eventName === 'armature.audit.call.failed');
      expect(failed.map((r) => r.severityNumber)).to.deep.equal([SeverityNumber.WARN, SeverityNumber.WARN]);
      expect(failed[0]?.attributes).to.deep.include({ 'gen_ai.tool.name': 'connect', 'armature.audit.outcome': 'tool_error' });
      expect(failed[1]?.attributes).to.deep.include({
        'gen_ai.tool.name': 'missing',
        'armature.audit.outcome': 'error',
        'rpc.response.status_code': '-32602',
      });
      expect((await telemetry.span('tools/call connect')).attributes['error.type']).to.equal('tool_error');
      expect((await telemetry.span('tools/call missing')).attributes['error.type']).to.equal('-32602');
    } finally {
      await telemetry.shutdown();
    }
  });
});
