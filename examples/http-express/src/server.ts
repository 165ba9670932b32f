import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Armature } from '@armature/core';
import { createHttpHandler } from '@armature/http';
import { GreeterModule, type ExampleServer } from '@armature-examples/greeter';

/**
 * Mounts an Armature app in express 5. The MCP route takes every method (POST, GET, DELETE)
 * and reads its own body, so no body parser runs on it; other routes keep theirs.
 */
export async function startServer(port = 3000, host = '127.0.0.1'): Promise<ExampleServer> {
  const app = await Armature.create(GreeterModule, { name: 'greeter-express', version: '0.1.0' });
  const mcp = createHttpHandler(app);

  const web = express();
  web.all('/mcp', (req, res) => void mcp.node(req, res));
  // The rest of your site is unaffected; a JSON API next to the MCP endpoint:
  web.get('/health', express.json(), (_req, res) => void res.json({ ok: true, sessions: mcp.sessionCount }));

  const server = await new Promise<Server>((resolve) => {
    const listening = web.listen(port, host, () => resolve(listening));
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}/mcp`,
    async close() {
      server.close();
      await mcp.close();
      server.closeAllConnections();
      await app.close();
    },
  };
}
