import { expect } from 'chai';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioTransportV2 } from '@modelcontextprotocol/client/stdio';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { checkServerMessage } from '@armature/testing';
import { readJson } from './support/fixture-project';
import { builtProjectPerSuite } from './support/built-project';

const PIN = '9-9-9-secret-pin';
const PASSWORD = 'correct horse battery staple';

/** Handlers marking values with the decorator only: on a parameter and on a DTO class property. */
const HANDLERS = `import { Tool } from '@armature/core';
import { Sensitive } from '@armature/core/observability';

export class Owner {
  user!: string;
  @Sensitive() password!: string;
}

export class Vault {
  /** Unlocks a vault for its owner. */
  @Tool()
  unlock(vault: string, @Sensitive() pin: string, owner: Owner): string {
    return vault + ' unlocked for ' + owner.user + ' (' + pin.length + '/' + owner.password.length + ')';
  }
}
`;

/** The server: audit records to stderr (JsonLinesAuditSink's default; stdout is the protocol). */
const MAIN = `import 'reflect-metadata';
import { Armature } from '@armature/core';
import { JsonLinesAuditSink } from '@armature/core/observability';
import { Module } from '@armature/di';
import { Vault } from './vault.handlers';

@Module({ handlers: [Vault] })
class VaultModule {}

void Armature.create(VaultModule, { name: 'vault', version: '1.0.0', audit: new JsonLinesAuditSink() }).then((app) => app.listen());
`;

interface Manifest {
  readonly handlers: Record<string, { methods: Record<string, { sensitive?: string[] }> }>;
}

interface Record_ {
  readonly type: string;
  readonly tool?: string;
  readonly protocolVersion?: string;
  readonly arguments?: unknown;
}

/** Collects the JSON lines a child writes on stderr. */
function auditLines(stream: Readable | null): { records: Record_[]; text: () => string } {
  let text = '';
  const records: Record_[] = [];
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    text += chunk;
    const lines = text.split('\n');
    text = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) records.push(JSON.parse(line) as Record_);
  });
  return { records, text: () => text };
}

/** Waits (bounded) until `check` holds. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check(), what).to.equal(true);
}

describe('@Sensitive(): armature build stores the redaction paths, the built server redacts its audit records (SDK clients over stdio)', function () {
  this.timeout(120_000);
  const project = builtProjectPerSuite({
    'src/vault.handlers.ts': HANDLERS,
    'src/main.ts': MAIN,
  });

  it('writes the decorated parameter and property as redaction paths in the manifest, and no mark in the schema', () => {
    const manifest = readJson(path.join(project.dir, 'dist/armature.manifest.json')) as Manifest & { schemas: unknown[] };
    const unlock = Object.values(manifest.handlers)[0]?.methods.unlock;
    expect(unlock?.sensitive).to.deep.equal(['/owner/password', '/pin']);
    expect(JSON.stringify(manifest.schemas)).to.not.contain('sensitive');
  });

  const args = { vault: 'cellar', pin: PIN, owner: { user: 'ada', password: PASSWORD } };
  const redacted = { vault: 'cellar', pin: '[redacted]', owner: { user: 'ada', password: '[redacted]' } };

  it('MCP 2025-11-25 (SDK v1): the call.started record shows the arguments with both values redacted', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: ['dist/src/main.js'], cwd: project.dir, stderr: 'pipe' });
    const audit = auditLines(transport.stderr as Readable | null);
    const client = new Client({ name: 'sensitive-v1', version: '1.0.0' });
    await client.connect(transport);
    project.closeAfterTest(() => client.close());
    // Every message the server sends from here on is held to its revision's schema.
    const sent = new Map<string | number, JSONRPCMessage>();
    const received: JSONRPCMessage[] = [];
    const send = transport.send.bind(transport);
    transport.send = (message: JSONRPCMessage) => {
      if ('id' in message && 'method' in message) sent.set(message.id, message);
      return send(message);
    };
    const onmessage = transport.onmessage;
    transport.onmessage = (message) => {
      received.push(message);
      onmessage?.(message);
    };
    const result = (await client.callTool({ name: 'unlock', arguments: args })) as { content: { text: string }[] };
    expect(result.content[0]?.text).to.equal('cellar unlocked for ada (16/28)');
    await until(() => audit.records.some((r) => r.type === 'call.finished'), 'the call.finished record');
    const started = audit.records.find((r) => r.type === 'call.started');
    expect(started).to.deep.include({ tool: 'unlock', protocolVersion: '2025-11-25', arguments: redacted });
    expect(JSON.stringify(audit.records) + audit.text())
      .to.not.contain(PIN)
      .and.not.contain(PASSWORD);
    expect(received).to.have.length(1);
    const answered = received.map((m) =>
      checkServerMessage(m, 'id' in m && m.id !== undefined && !('method' in m) ? sent.get(m.id) : undefined),
    );
    expect(answered.flat()).to.deep.equal([]);
  });

  it('MCP 2026-07-28 (SDK v2): the same redaction', async () => {
    const transport = new StdioTransportV2({ command: process.execPath, args: ['dist/src/main.js'], cwd: project.dir, stderr: 'pipe' });
    const audit = auditLines(transport.stderr as Readable | null);
    const client = new ClientV2({ name: 'sensitive-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(transport);
    project.closeAfterTest(() => client.close());
    await client.callTool({ name: 'unlock', arguments: args });
    await until(() => audit.records.some((r) => r.type === 'call.finished'), 'the call.finished record');
    const started = audit.records.find((r) => r.type === 'call.started');
    expect(started).to.deep.include({ tool: 'unlock', protocolVersion: '2026-07-28', arguments: redacted });
    expect(JSON.stringify(audit.records) + audit.text())
      .to.not.contain(PIN)
      .and.not.contain(PASSWORD);
  });
});
