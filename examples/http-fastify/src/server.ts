import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Armature } from '@armature/core';
import { armatureFastify } from '@armature/http/fastify';
import type { HttpHandler } from '@armature/http';
import { GreeterModule, type ExampleServer } from '@armature-examples/greeter';

/**
 * Mounts an Armature app in fastify 5 with the `@armature/http/fastify` plugin. The plugin
 * keeps fastify's body parsers away from its own route only, and `web.close()` drains and
 * ends the MCP sessions (its preClose hook) before fastify stops listening.
 */
export async function startServer(port = 3000, host = '127.0.0.1'): Promise<ExampleServer> {
  const app = await Armature.create(GreeterModule, { name: 'greeter-fastify', version: '0.1.0' });
  let mcp: HttpHandler | undefined;

  // forceCloseConnections: idle keep-alive connections of MCP clients must not hold close().
  const web = Fastify({ forceCloseConnections: true });
  await web.register(armatureFastify, { app, path: '/mcp', onHandler: (handler) => (mcp = handler) });
  // The rest of your site keeps fastify's JSON parsing:
  web.get('/health', async () => ({ ok: true, sessions: mcp?.sessionCount ?? 0 }));

  await web.listen({ port, host });
  const address = web.server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}/mcp`,
    async close() {
      await web.close(); // the plugin's preClose closes the MCP handler first
      await app.close();
    },
  };
}
