import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import type { Armature } from '@armature/core';
import type { AuditEvent } from '@armature/core/observability';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { ensureManifest } from '@armature/testing';
import { createNotesApp } from '../src/main';

const PROJECT = join(__dirname, '../..');
const SECRET_BODY = 'the safe code is 4-8-15-16';
const SECRET_CHANGE = 'moved the key under the mat';

/** A promise bounded in time, so a hung call fails the test instead of the run. */
function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe('examples/notes audit log (NOTES_AUDIT_LOG): note bodies are redacted, SDK clients of both revisions over Streamable HTTP', () => {
  let dir: string;
  let file: string;
  let app: Armature | undefined;
  let http: HttpListenHandle | undefined;
  const saved = process.env.NOTES_AUDIT_LOG;

  before(function () {
    this.timeout(120_000);
    ensureManifest(PROJECT);
  });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'notes-audit-'));
    file = join(dir, 'audit.jsonl');
    process.env.NOTES_AUDIT_LOG = file;
    app = await createNotesApp({ logger: { error: () => undefined, warn: () => undefined, debug: () => undefined } });
  });

  afterEach(async () => {
    await http?.close(100);
    await app?.close();
    http = undefined;
    app = undefined;
    if (saved === undefined) delete process.env.NOTES_AUDIT_LOG;
    else process.env.NOTES_AUDIT_LOG = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  /** Closes the app (which flushes the audit file) and reads the records of tool calls. */
  async function toolRecords(): Promise<AuditEvent[]> {
    await http?.close(100);
    await app?.close();
    http = undefined;
    app = undefined;
    const text = readFileSync(file, 'utf8');
    expect(text).to.not.contain(SECRET_BODY).and.not.contain(SECRET_CHANGE);
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as AuditEvent)
      .filter((event) => event.type === 'call.started' && event.tool !== undefined);
  }

  it('MCP 2025-11-25 (SDK v1): create and update record their arguments with the bodies redacted, titles kept', async () => {
    http = await listenHttp(app as Armature, { port: 0 });
    const client = new ClientV1({ name: 'notes-audit-v1', version: '1.0.0' });
    await within(client.connect(new HttpTransportV1(new URL(http.url))), 'connect');
    let id = '';
    try {
      const created = await within(client.callTool({ name: 'create', arguments: { title: 'Vault', body: SECRET_BODY } }), 'create');
      id = (created.structuredContent as { id: string }).id;
      await within(client.callTool({ name: 'update', arguments: { id, changes: { body: SECRET_CHANGE, tags: ['home'] } } }), 'update');
    } finally {
      await client.close();
    }
    const [create, update] = await toolRecords();
    expect(create).to.deep.include({ tool: 'create', protocolVersion: '2025-11-25', arguments: { title: 'Vault', body: '[redacted]' } });
    expect(update?.tool).to.equal('update');
    expect(update?.arguments).to.deep.equal({ id, changes: { body: '[redacted]', tags: ['home'] } });
  });

  it('MCP 2026-07-28 (SDK v2): the same redaction on a stateless endpoint', async () => {
    http = await listenHttp(app as Armature, { port: 0, stateless: true });
    const client = new ClientV2({ name: 'notes-audit-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await within(client.connect(new HttpTransportV2(new URL(http.url))), 'connect');
    try {
      await within(client.callTool({ name: 'create', arguments: { title: 'Vault', body: SECRET_BODY, tags: ['safe'] } }), 'create');
    } finally {
      await client.close();
    }
    const [create] = await toolRecords();
    expect(create).to.deep.include({
      tool: 'create',
      protocolVersion: '2026-07-28',
      arguments: { title: 'Vault', body: '[redacted]', tags: ['safe'] },
    });
  });
});
