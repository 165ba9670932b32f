import { expect } from 'chai';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Armature } from '@armature/core';
import { within } from '@armature/transport-fixtures';
import { armatureHono, type ArmatureHonoOptions } from '../src/mount/hono';
import { expectBodyRefusals, mountScenarios, mountTest, once, type Mounted } from './support/mount-scenarios';

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
    const t = mountTest<Mounted>('hono-integration');

    it('shares the Hono app with other routes', async () => {
      t.served = await serveHono(t.app, {}, (web) => {
        web.post('/echo', async (c) => c.json({ got: await c.req.json() }));
      });
      const res = await fetch(t.served!.url.replace('/mcp', '/echo'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      });
      expect(await res.json()).to.deep.equal({ got: { a: 1 } });
    });

    it('answers unreadable and oversized bodies with JSON-RPC errors, and keeps serving', async () => {
      t.served = await serveHono(t.app, { maxBodyBytes: 1024 });
      await expectBodyRefusals(t);
    });

    it('hands a principal set by a Hono middleware to handlers as ctx.authInfo', async () => {
      t.served = await serveHono(t.app, {
        authInfo: (c) => ({ token: 'opaque', clientId: c.req.header('x-client') ?? 'nobody', scopes: [] }),
      });
      t.client = new Client({ name: 'authed', version: '1.0.0' });
      await within(
        t.client!.connect(new StreamableHTTPClientTransport(new URL(t.served!.url), { requestInit: { headers: { 'x-client': 'lin' } } })),
        'connect',
      );
      const who = await within(t.client!.callTool({ name: 'whoami', arguments: {} }), 'whoami');
      expect(who.content).to.deep.equal([{ type: 'text', text: 'lin' }]);
    });
  });
});
