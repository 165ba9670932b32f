import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Armature } from '@armature/core';
import { createFixtureApp, deferred, until, within } from '@armature/transport-fixtures';
import { armatureFastify, type ArmatureFastifyOptions } from '../src/mount/fastify';
import { mountScenarios, once, type Mounted } from './support/mount-scenarios';
import { post } from './support/raw-http';

/** A fastify app with the plugin registered (plus whatever `setup` adds), listening on 127.0.0.1:0. */
async function serveFastify(app: Armature, options: Omit<ArmatureFastifyOptions, 'app'> = {}, setup?: (web: FastifyInstance) => void, prefix = '', forceCloseConnections = true): Promise<Mounted & { web: FastifyInstance }> {
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
    let app: Armature;
    let served: (Mounted & { web: FastifyInstance }) | undefined;
    let client: Client | undefined;

    beforeEach(async () => {
      app = await createFixtureApp('fastify-integration');
    });

    afterEach(async () => {
      await client?.close();
      client = undefined;
      await served?.close();
      served = undefined;
      await app.close();
    });

    it("leaves the rest of the app on fastify's own JSON parser", async () => {
      served = await serveFastify(app, {}, (web) => {
        web.post('/echo', async (request) => ({ got: request.body }));
      });
      const res = await fetch(served.url.replace('/mcp', '/echo'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
      expect(await res.json()).to.deep.equal({ got: { a: 1 } });
    });

    it('answers unreadable, oversized and non-JSON bodies itself, with JSON-RPC errors, and keeps serving', async () => {
      served = await serveFastify(app, { maxBodyBytes: 1024 });
      const broken = await post(served.url, '{"jsonrpc":');
      expect(broken.status).to.equal(400);
      expect(((await broken.json()) as { error: { code: number } }).error.code).to.equal(-32700);
      const huge = await post(served.url, { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(2048) } });
      expect(huge.status).to.equal(413);
      expect(((await huge.json()) as { error: { code: number } }).error.code).to.equal(-32600);
      const text = await post(served.url, 'ping', { 'content-type': 'text/plain' });
      expect(text.status).to.equal(415);
      expect(((await text.json()) as { error: { message: string } }).error.message).to.match(/Content-Type/i);
      client = new Client({ name: 'after', version: '1.0.0' });
      await within(client.connect(new StreamableHTTPClientTransport(new URL(served.url))), 'connect');
      expect(await within(client.ping(), 'ping')).to.deep.equal({});
    });

    it('hands a principal set by a fastify hook to handlers as ctx.authInfo', async () => {
      served = await serveFastify(app, { authInfo: (request) => ({ token: 'opaque', clientId: String(request.headers['x-client']), scopes: [] }) });
      client = new Client({ name: 'authed', version: '1.0.0' });
      await within(client.connect(new StreamableHTTPClientTransport(new URL(served.url), { requestInit: { headers: { 'x-client': 'ada' } } })), 'connect');
      const who = await within(client.callTool({ name: 'whoami', arguments: {} }), 'whoami');
      expect(who.content).to.deep.equal([{ type: 'text', text: 'ada' }]);
    });

    it("serves under the plugin's prefix", async () => {
      served = await serveFastify(app, {}, undefined, '/api');
      expect(served.url).to.match(/\/api\/mcp$/);
      client = new Client({ name: 'prefixed', version: '1.0.0' });
      await within(client.connect(new StreamableHTTPClientTransport(new URL(served.url))), 'connect');
      expect((await within(client.listTools(), 'tools/list')).tools.map((t) => t.name)).to.include('echo');
    });

    it("fastify.close() ends open sessions and their SSE streams in preClose, so it is not held open", async () => {
      const streamOpened = deferred();
      // Without forceCloseConnections, only the plugin's preClose can end the open GET stream.
      const setup = (web: FastifyInstance): void => {
        web.addHook('onRequest', async (request) => {
          if (request.method === 'GET') streamOpened.resolve();
        });
      };
      served = await serveFastify(app, {}, setup, '', false);
      client = new Client({ name: 'streaming', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(served.url));
      await within(client.connect(transport), 'connect');
      // The v1 client opens its GET stream once initialized; a session with a live stream is what could hold the server.
      await until(() => app.sessionCount === 1, 'the session to be listed');
      await within(streamOpened.promise, 'the client to open its GET stream');
      await within(served.close(), 'fastify.close() with an open session and GET stream', 5000);
      await until(() => app.sessionCount === 0, 'the app to drop the session');
      expect(served.web.server.listening).to.equal(false);
    });
  });
});
