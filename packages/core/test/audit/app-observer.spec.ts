import { expect } from 'chai';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appObserver } from '../../src/app/app-observer';
import { JsonLinesAuditSink } from '../../src/audit/json-lines-audit-sink';
import { principalKey } from '../../src/context/principal';
import type { AuditEvent } from '../../src/audit/audit-sink';
import type { ObservedRequest, RequestObserver } from '../../src/kernel/request-observer';
import { RouteTables } from '../../src/routes/route-tables';

const quiet = { error: () => undefined, warn: () => undefined, debug: () => undefined };

function request(method: string, params: Record<string, unknown>): ObservedRequest {
  return { id: 1, method, params, protocolVersion: '2026-07-28', sessionId: undefined, authInfo: undefined, header: () => undefined };
}

describe('appObserver', () => {
  it('without the audit option the kernel gets no observer (or exactly the app’s own): disabled costs nothing per request', () => {
    expect(appObserver({ name: 'a', version: '1' }, new RouteTables(), quiet)).to.equal(undefined);
    const own: RequestObserver = { start: () => undefined };
    expect(appObserver({ name: 'a', version: '1', requestObserver: own }, new RouteTables(), quiet)).to.equal(own);
  });

  it('audits tools/call, resources/read and prompts/get only, and runs beside the app’s observer', () => {
    const events: AuditEvent[] = [];
    const seen: string[] = [];
    const own: RequestObserver = {
      start: (r) => {
        seen.push(r.method);
        return { answered: () => seen.push(`answered ${r.method}`), aborted: () => undefined };
      },
    };
    const observer = appObserver(
      { name: 'a', version: '1', requestObserver: own, audit: { record: (e) => void events.push(e) } },
      new RouteTables(),
      quiet,
    ) as RequestObserver;
    expect(observer.start(request('tools/list', {}))).to.not.equal(undefined);
    const read = observer.start(request('resources/read', { uri: `file:///${'x'.repeat(300)}` }));
    read?.answered({ jsonrpc: '2.0', id: 1, result: { contents: [] } });
    const prompt = observer.start(request('prompts/get', { name: 'greet', arguments: { who: 'a' } }));
    prompt?.aborted(new Error('gone'));
    expect(seen).to.deep.equal(['tools/list', 'resources/read', 'answered resources/read', 'prompts/get']);
    expect(events.map((e) => `${e.type} ${e.method} ${e.outcome ?? ''}`)).to.deep.equal([
      'call.started resources/read ',
      'call.finished resources/read ok',
      'call.started prompts/get ',
      'call.failed prompts/get cancelled',
    ]);
    // Client-chosen strings are bounded; prompt arguments are not recorded (nothing marks them sensitive).
    expect(events[0]?.uri).to.have.length(257);
    expect(events[2]?.arguments).to.equal(undefined);
    expect(events[2]).to.deep.include({ prompt: 'greet', principal: null, protocolVersion: '2026-07-28' });
  });

  it('an answer asking for input first is a finished call with outcome input_required', () => {
    const events: AuditEvent[] = [];
    const observer = appObserver({ name: 'a', version: '1', audit: { record: (e) => void events.push(e) } }, new RouteTables(), quiet);
    observer?.start(request('tools/call', { name: 'ask' }))?.answered({ jsonrpc: '2.0', id: 1, result: { resultType: 'input_required' } });
    expect(events[1]).to.deep.include({ type: 'call.finished', outcome: 'input_required', tool: 'ask' });
  });

  it('records the principal as its key (a digest), never the subject', () => {
    const events: AuditEvent[] = [];
    const observer = appObserver({ name: 'a', version: '1', audit: { record: (e) => void events.push(e) } }, new RouteTables(), quiet);
    const authInfo = { token: 't', clientId: 'app', scopes: [], extra: { iss: 'https://issuer', sub: 'ada@example.com' } };
    observer?.start({ ...request('prompts/get', { name: 'p' }), authInfo });
    expect(events[0]?.principal).to.equal(principalKey(authInfo)).and.be.a('string');
    expect(JSON.stringify(events)).to.not.contain('ada@example.com');
  });

  it('JsonLinesAuditSink writes one JSON line per record to stderr by default', () => {
    const lines: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => lines.push(chunk) > 0) as typeof process.stderr.write;
    try {
      const observer = appObserver({ name: 'a', version: '1', audit: new JsonLinesAuditSink() }, new RouteTables(), quiet);
      observer
        ?.start(request('resources/read', { uri: 'notes://1' }))
        ?.answered({ jsonrpc: '2.0', id: 1, error: { code: -32002, message: 'x' } });
    } finally {
      process.stderr.write = write;
    }
    expect(lines.map((line) => line.endsWith('\n'))).to.deep.equal([true, true]);
    const parsed = lines.map((line) => JSON.parse(line) as AuditEvent);
    expect(parsed[0]).to.include({ type: 'call.started', uri: 'notes://1' });
    expect(parsed[1]).to.include({ type: 'call.failed', outcome: 'error', errorCode: -32002 });
  });

  it('JsonLinesAuditSink: a file that cannot be opened fails the first record, so the app reports it at once (not on some later record)', () => {
    const sink = new JsonLinesAuditSink({ file: join(tmpdir(), `armature-missing-${process.pid}-${Date.now()}`, 'audit.jsonl') });
    const event = { type: 'call.started', method: 'tools/call' } as unknown as AuditEvent;
    expect(() => sink.record(event))
      .to.throw()
      .with.property('code', 'ENOENT');
    expect(() => sink.record(event))
      .to.throw()
      .with.property('code', 'ENOENT');
  });
});
