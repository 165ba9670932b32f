import { expect } from 'chai';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ensureManifest } from '@armature/testing';
import { MAX_NOTES } from '../src/notes.enhancers';
import { startServer, type ExampleServer } from '../src/server';

const PROJECT = join(__dirname, '../..');

describe('examples/nestjs', () => {
  let server: ExampleServer | undefined;
  let client: Client | undefined;

  before(function () {
    this.timeout(60_000);
    ensureManifest(PROJECT);
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

  it('serves REST and MCP on one port over one Nest service, with schemas from the TypeScript types', async () => {
    const rest = server!.url.replace('/mcp', '/notes');
    const posted = await fetch(rest, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'over REST' }),
    });
    expect(await posted.json()).to.deep.equal({ id: 1, title: 'over REST' });
    const created = await client!.callTool({ name: 'create', arguments: { title: 'over MCP' } });
    expect(created.structuredContent).to.deep.equal({ id: 2, title: 'over MCP' });
    expect((await client!.callTool({ name: 'list', arguments: {} })).structuredContent).to.deep.equal({
      result: [
        { id: 1, title: 'over REST' },
        { id: 2, title: 'over MCP' },
      ],
    });
    expect(await (await fetch(rest)).json()).to.have.length(2);
    // The schema armature build wrote from the JSDoc refuses an empty title.
    expect((await client!.callTool({ name: 'create', arguments: { title: '' } })).isError).to.equal(true);
  });

  it("runs Nest's guard on the create tool: past the limit it answers isError with the guard's reason", async () => {
    const rest = server!.url.replace('/mcp', '/notes');
    for (let i = 0; i < MAX_NOTES; i++) {
      const posted = await fetch(rest, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: `n${i}` }),
      });
      expect(posted.status).to.equal(201);
    }
    const refused = await client!.callTool({ name: 'create', arguments: { title: 'one more' } });
    expect(refused.isError).to.equal(true);
    expect((refused.content as { text: string }[])[0]?.text).to.equal(`The notebook is full (${MAX_NOTES} notes); it takes no more.`);
    expect(await (await fetch(rest)).json()).to.have.length(MAX_NOTES);
  });
});
