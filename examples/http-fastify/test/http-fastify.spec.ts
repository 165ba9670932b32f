import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer, type ExampleServer } from '../src/server';
import { ensureManifest } from './support/manifest';

describe('examples/http-fastify', () => {
  let server: ExampleServer | undefined;
  let client: Client | undefined;

  before(function () {
    this.timeout(60_000);
    ensureManifest();
  });

  beforeEach(async () => {
    server = await startServer(0);
    client = new Client({ name: 'example-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });

  afterEach(async () => {
    await client?.close();
    await server?.close();
  });

  it('serves the official SDK client on /mcp: list, call, progress over SSE', async () => {
    expect((await client!.listTools()).tools.map((t) => t.name)).to.have.members(['greet', 'countdown']);
    expect((await client!.callTool({ name: 'greet', arguments: { name: 'Ada' } })).content).to.deep.equal([{ type: 'text', text: 'Hello, Ada!' }]);
    const progress: number[] = [];
    const counted = await client!.callTool({ name: 'countdown', arguments: { from: 3 } }, undefined, { onprogress: (p) => progress.push(p.progress) });
    expect(counted.content).to.deep.equal([{ type: 'text', text: 'Counted down from 3.' }]);
    expect(progress).to.deep.equal([1, 2, 3]);
  });

  it('keeps the rest of the fastify app working', async () => {
    const res = await fetch(server!.url.replace('/mcp', '/health'));
    expect(await res.json()).to.deep.equal({ ok: true, sessions: 1 });
  });

  it('closes with a session open: fastify.close() ends it first, and the client sees the server gone', async () => {
    await server!.close();
    server = undefined;
    const after = await client!.ping().then(() => 'answered', () => 'refused');
    expect(after).to.equal('refused');
  });
});
