import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Armature } from '@armature/core';
import { deferred, until, within } from '@armature/transport-fixtures';
import { armatureFastify, type ArmatureFastifyOptions } from '../src/mount/fastify';
import { expectBodyRefusals, mountScenarios, mountTest, once, type Mounted } from './support/mount-scenarios';
import { post } from './support/raw-http';

/** A fastify app with the plugin registered (plus whatever `setup` adds), listening on 127.0.0.1:0. */
async function serveFastify(
  app: Armature,
  options: Omit<ArmatureFastifyOptions, 'app'> = {},
  setup?: (web: FastifyInstance) => void,
  prefix = '',
  forceCloseConnections = true,
): Promise<Mounted & { web: FastifyInstance }> {
  // Node does not count a connection on which no request has started as idle, and an HTTP
  // client's pool may leave one open: without forceCloseConnections, close() waits for the client.
  const web = Fastify({ forceCloseConnections });
  setup?.(web);
  await web.register(armatureFastify, { app, drainMs: 500, ...options, prefix });
  await web.listen({ port: 0, host: '127.0.0.1' });
  const { port } = web.server.address() as AddressInfo;
  return { web, url: `http://127.0.0.1:${port}${prefix}/mcp`, close: once(() => web.close()) };
}

describe('@armature/http/fastify: Armature mounted as a fastify plugin, driven over a real socket', () => {
  mountScenarios('fastify', (app, { stateless }) => serveFastify(app, { stateless }));

  describe('fastify integration', () => {
    const t = mountTest<Mounted & { web: FastifyInstance }>('fastify-integration');

    it("leaves the rest of the app on fastify's own JSON parser", async () => {
      t.served = await serveFastify(t.app, {}, (web) => {
        web.post('/echo', async (request) => ({ got: request.body }));
      });
      const res = await fetch(t.served!.url.replace('/mcp', '/echo'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      });
      expect(await res.json()).to.deep.equal({ got: { a: 1 } });
    });

    it('answers unreadable, oversized and non-JSON bodies itself, with JSON-RPC errors, and keeps serving', async () => {
      t.served = await serveFastify(t.app, { maxBodyBytes: 1024 });
      await expectBodyRefusals(t);
      const text = await post(t.served!.url, 'ping', { 'content-type': 'text/plain' });
      expect(text.status).to.equal(415);
      expect(((await text.json()) as { error: { message: string } }).error.message).to.match(/Content-Type/i);
    });

    it('hands a principal set by a fastify hook to handlers as ctx.authInfo', async () => {
      t.served = await serveFastify(t.app, {
        authInfo: (request) => ({ token: 'opaque', clientId: String(request.headers['x-client']), scopes: [] }),
      });
      t.client = new Client({ name: 'authed', version: '1.0.0' });
      await within(
        t.client!.connect(new StreamableHTTPClientTransport(new URL(t.served!.url), { requestInit: { headers: { 'x-client': 'ada' } } })),
        'connect',
      );
      const who = await within(t.client!.callTool({ name: 'whoami', arguments: {} }), 'whoami');
      expect(who.content).to.deep.equal([{ type: 'text', text: 'ada' }]);
    });

    it("serves under the plugin's prefix", async () => {
      t.served = await serveFastify(t.app, {}, undefined, '/api');
      expect(t.served!.url).to.match(/\/api\/mcp$/);
      t.client = new Client({ name: 'prefixed', version: '1.0.0' });
      await within(t.client!.connect(new StreamableHTTPClientTransport(new URL(t.served!.url))), 'connect');
      expect((await within(t.client!.listTools(), 'tools/list')).tools.map((tool) => tool.name)).to.include('echo');
    });

    it('fastify.close() ends open sessions and their SSE streams in preClose, so it is not held open', async () => {
      const streamOpened = deferred();
      // Without forceCloseConnections, only the plugin's preClose can end the open GET stream.
      const setup = (web: FastifyInstance): void => {
        web.addHook('onRequest', async (request) => {
          if (request.method === 'GET') streamOpened.resolve();
        });
      };
      t.served = await serveFastify(t.app, {}, setup, '', false);
      t.client = new Client({ name: 'streaming', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(t.served!.url));
      await within(t.client!.connect(transport), 'connect');
      // The v1 t.client opens its GET stream once initialized; a session with a live stream is what could hold the server.
      await until(() => t.app.sessionCount === 1, 'the session to be listed');
      await within(streamOpened.promise, 'the t.client to open its GET stream');
      await within(t.served!.close(), 'fastify.close() with an open session and GET stream', 5000);
      await until(() => t.app.sessionCount === 0, 'the app to drop the session');
      expect(t.served!.web.server.listening).to.equal(false);
    });
  });
});
