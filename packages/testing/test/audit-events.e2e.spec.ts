import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import { Armature, type ArmatureManifest } from '@armature/core';
import { JsonLinesAuditSink, type AuditEvent, type AuditSink } from '@armature/core/observability';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { scanSources } from '@armature/schema';
import { AuditModule } from './fixtures/audit.handlers';

/** The fixture's TypeScript source (the compiled test runs from dist/test). */
const FIXTURE = join(__dirname, '..', '..', 'test', 'fixtures', 'audit.handlers.ts');

const PASSWORD = 'hunter2-is-secret';
const CARD = '4111111111111111';

/** A promise bounded in time, so a hung call fails the test instead of the run. */
function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe('audit events (armature build scan → app with a JSON-lines audit file → SDK clients over Streamable HTTP)', () => {
  let manifest: ArmatureManifest;
  let fingerprint: string;
  let dir: string;
  let app: Armature | undefined;
  let http: HttpListenHandle | undefined;
  const warnings: unknown[][] = [];
  const closers: (() => Promise<unknown>)[] = [];

  before(function () {
    this.timeout(60_000);
    const scan = scanSources(
      { 'test/fixtures/audit.handlers.ts': readFileSync(FIXTURE, 'utf8') },
      { baseDir: join(__dirname, '..', '..') },
    );
    expect(scan.problems).to.deep.equal([]);
    manifest = scan.manifest as unknown as ArmatureManifest;
    const signIn = Object.values(scan.manifest.handlers)[0]?.methods.signIn;
    expect(signIn?.sensitive).to.deep.equal(['/cards/*/number', '/password']);
    fingerprint = signIn?.fingerprint as string;
    expect(fingerprint).to.match(/^sha256-/);
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'armature-audit-'));
    warnings.length = 0;
  });

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
    await http?.close(100);
    await app?.close();
    http = undefined;
    app = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function serve(audit: AuditSink | undefined, stateless = false): Promise<URL> {
    app = await Armature.create(AuditModule, {
      name: 'audited',
      version: '1.0.0',
      manifest,
      ...(audit === undefined ? {} : { audit }),
      logger: { error: () => undefined, warn: (...args: unknown[]) => void warnings.push(args), debug: () => undefined },
    });
    http = await listenHttp(app, { port: 0, stateless });
    return new URL(http.url);
  }

  /** Closes the app (which flushes the sink) and reads its records. */
  async function records(file: string): Promise<AuditEvent[]> {
    for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
    await http?.close(100);
    await app?.close();
    http = undefined;
    app = undefined;
    const text = readFileSync(file, 'utf8');
    expect(text).to.not.contain(PASSWORD).and.not.contain(CARD);
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as AuditEvent);
  }

  const signInArgs = { user: 'ada', password: PASSWORD, cards: [{ holder: 'Ada', number: CARD }] };

  it('MCP 2025-11-25 (SDK v1): started and finished records with the session, fingerprint and redacted arguments', async () => {
    const file = join(dir, 'audit.jsonl');
    const url = await serve(new JsonLinesAuditSink({ file }));
    const client = new ClientV1({ name: 'audit-v1', version: '1.0.0' });
    const transport = new HttpTransportV1(url);
    await within(client.connect(transport), 'connect');
    closers.push(() => client.close());
    const result = await within(client.callTool({ name: 'signIn', arguments: signInArgs }), 'signIn');
    expect(result.isError).to.not.equal(true);
    const refused = await within(client.callTool({ name: 'refuse', arguments: { reason: 'no' } }), 'refuse');
    expect(refused.isError).to.equal(true);
    await client.callTool({ name: 'no-such-tool', arguments: { password: PASSWORD } }).catch(() => undefined);
    const sessionId = transport.sessionId;

    const events = await records(file);
    // initialize, tools/list and notifications are not audited: three calls, two records each.
    expect(events.map((e) => `${e.type} ${e.tool ?? ''}`)).to.deep.equal([
      'call.started signIn',
      'call.finished signIn',
      'call.started refuse',
      'call.failed refuse',
      'call.started no-such-tool',
      'call.failed no-such-tool',
    ]);
    const [started, finished, , toolError, unknownStarted, unknown] = events as AuditEvent[] & { length: 6 };
    expect(started).to.deep.include({
      method: 'tools/call',
      principal: null,
      session: sessionId,
      protocolVersion: '2025-11-25',
      fingerprint,
      arguments: { user: 'ada', password: '[redacted]', cards: [{ holder: 'Ada', number: '[redacted]' }] },
    });
    expect(Date.parse(started.time)).to.be.a('number').and.not.NaN;
    expect(finished).to.deep.include({ outcome: 'ok', fingerprint, requestId: started.requestId });
    expect(finished.durationMs).to.be.a('number').and.at.least(0);
    expect(finished).to.not.have.property('arguments');
    expect(toolError).to.deep.include({ outcome: 'tool_error' });
    // A tool the server does not serve: no fingerprint, and its arguments are not recorded.
    expect(unknownStarted).to.not.have.any.keys('arguments', 'fingerprint');
    expect(unknown).to.deep.include({ outcome: 'error', errorCode: -32602 });
  });

  it('MCP 2026-07-28 (SDK v2): the revision of the request, no session', async () => {
    const file = join(dir, 'audit.jsonl');
    const url = await serve(new JsonLinesAuditSink({ file }), true);
    const client = new ClientV2({ name: 'audit-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await within(client.connect(new HttpTransportV2(url)), 'connect');
    closers.push(() => client.close());
    await within(client.callTool({ name: 'signIn', arguments: signInArgs }), 'signIn');
    const events = (await records(file)).filter((e) => e.tool === 'signIn');
    expect(events.map((e) => e.type)).to.deep.equal(['call.started', 'call.finished']);
    expect(events[0]).to.deep.include({
      protocolVersion: '2026-07-28',
      fingerprint,
      arguments: { user: 'ada', password: '[redacted]', cards: [{ holder: 'Ada', number: '[redacted]' }] },
    });
    expect(events[0]).to.not.have.property('session');
    expect(events[1]).to.deep.include({ outcome: 'ok' });
  });

  it('a sink that cannot write is reported once and never breaks a call', async () => {
    const sink = new JsonLinesAuditSink({ file: join(dir, 'missing-folder', 'audit.jsonl') });
    const url = await serve(sink);
    const client = new ClientV1({ name: 'audit-v1', version: '1.0.0' });
    await within(client.connect(new HttpTransportV1(url)), 'connect');
    closers.push(() => client.close());
    for (let i = 0; i < 3; i++) {
      const result = await within(client.callTool({ name: 'signIn', arguments: signInArgs }), 'signIn');
      expect(result.isError).to.not.equal(true);
      expect(result.content).to.deep.equal([{ type: 'text', text: 'hello ada (1 cards, 17 characters)' }]);
    }
    const reported = warnings.filter((args) => String(args[0]).includes('audit sink failed'));
    expect(reported).to.have.length(1);
    expect(String((reported[0]?.[1] as NodeJS.ErrnoException).code)).to.equal('ENOENT');
  });

  it('a sink that throws is reported once; the calls are answered', async () => {
    let calls = 0;
    const url = await serve({
      record: () => {
        calls++;
        throw new Error('sink down');
      },
    });
    const client = new ClientV1({ name: 'audit-v1', version: '1.0.0' });
    await within(client.connect(new HttpTransportV1(url)), 'connect');
    closers.push(() => client.close());
    for (let i = 0; i < 2; i++) await within(client.callTool({ name: 'refuse', arguments: { reason: 'x' } }), 'refuse');
    expect(calls).to.equal(4);
    expect(warnings.filter((args) => String(args[0]).includes('audit sink failed'))).to.have.length(1);
  });
});
