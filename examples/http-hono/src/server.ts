import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { Armature } from '@armature/core';
import { armatureHono } from '@armature/http/hono';
import { GreeterModule, type ExampleServer } from '@armature-examples/greeter';

/**
 * Mounts an Armature app on Hono routes with `@armature/http/hono` (the handler's fetch entry
 * point), served on Node by `@hono/node-server`; on Bun, Deno or workers export `web.fetch`.
 */
export async function startServer(port = 3000, host = '127.0.0.1'): Promise<ExampleServer> {
  const app = await Armature.create(GreeterModule, { name: 'greeter-hono', version: '0.1.0' });
  const mcp = armatureHono(app);

  const web = new Hono();
  web.all('/mcp', mcp.handler);
  // The rest of your site is unaffected:
  web.get('/health', (c) => c.json({ ok: true, sessions: mcp.http.sessionCount }));

  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: web.fetch, port, hostname: host }, () => resolve(started as Server));
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}/mcp`,
    async close() {
      await mcp.close(); // drain in-flight requests, end sessions and their SSE streams
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await app.close();
    },
  };
}
