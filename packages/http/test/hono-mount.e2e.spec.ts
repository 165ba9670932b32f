import { expect } from 'chai';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Armature } from '@armature/core';
import { createFixtureApp, within } from '@armature/transport-fixtures';
import { armatureHono, type ArmatureHonoOptions } from '../src/mount/hono';
import { mountScenarios, once, type Mounted } from './support/mount-scenarios';
import { post } from './support/raw-http';

/** A Hono app with the endpoint at /mcp (plus whatever `setup` adds), served by @hono/node-server on 127.0.0.1:0. */
async function serveHono(app: Armature, options: ArmatureHonoOptions = {}, setup?: (web: Hono) => void): Promise<Mounted> {
  const web = new Hono();
  setup?.(web);
  const mcp = armatureHono(app, options);
  web.all('/mcp', mcp.handler);
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: web.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started as Server));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    // Hono has no close hook: drain the handler (its SSE streams end), then stop the server.
    close: once(async () => {
      await mcp.close(500);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }),
  };
}

describe('@armature/http/hono: Armature on Hono routes, served by @hono/node-server over a real socket', () => {
  mountScenarios('hono', (app, { stateless }) => serveHono(app, { stateless }));

  describe('Hono integration', () => {
    let app: Armature;
    let served: Mounted | undefined;
    let client: Client | undefined;

    beforeEach(async () => {
      app = await createFixtureApp('hono-integration');
    });

    afterEach(async () => {
      await client?.close();
      client = undefined;
      await served?.close();
      served = undefined;
      await app.close();
    });

    it('shares the Hono app with other routes', async () => {
      served = await serveHono(app, {}, (web) => {
        web.post('/echo', async (c) => c.json({ got: await c.req.json() }));
      });
      const res = await fetch(served.url.replace('/mcp', '/echo'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
      expect(await res.json()).to.deep.equal({ got: { a: 1 } });
    });

    it('answers unreadable and oversized bodies with JSON-RPC errors, and keeps serving', async () => {
      served = await serveHono(app, { maxBodyBytes: 1024 });
      const broken = await post(served.url, '{"jsonrpc":');
      expect(broken.status).to.equal(400);
      expect(((await broken.json()) as { error: { code: number } }).error.code).to.equal(-32700);
      const huge = await post(served.url, { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(2048) } });
      expect(huge.status).to.equal(413);
      client = new Client({ name: 'after', version: '1.0.0' });
      await within(client.connect(new StreamableHTTPClientTransport(new URL(served.url))), 'connect');
      expect(await within(client.ping(), 'ping')).to.deep.equal({});
    });

    it('hands a principal set by a Hono middleware to handlers as ctx.authInfo', async () => {
      served = await serveHono(app, { authInfo: (c) => ({ token: 'opaque', clientId: c.req.header('x-client') ?? 'nobody', scopes: [] }) });
      client = new Client({ name: 'authed', version: '1.0.0' });
      await within(client.connect(new StreamableHTTPClientTransport(new URL(served.url), { requestInit: { headers: { 'x-client': 'lin' } } })), 'connect');
      const who = await within(client.callTool({ name: 'whoami', arguments: {} }), 'whoami');
      expect(who.content).to.deep.equal([{ type: 'text', text: 'lin' }]);
    });
  });
});
