import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Armature } from '@armature/core';
import { createHttpHandler } from '@armature/http';
import { GreeterModule, type ExampleServer } from '@armature-examples/greeter';

/**
 * Mounts an Armature app on a plain `node:http` server: one handler, one path, every method
 * (POST, GET and DELETE all belong to the MCP endpoint).
 */
export async function startServer(port = 3000, host = '127.0.0.1'): Promise<ExampleServer> {
  const app = await Armature.create(GreeterModule, { name: 'greeter-node', version: '0.1.0' });
  const mcp = createHttpHandler(app);
  const server = createServer((req, res) => {
    if (req.url === '/mcp' || req.url?.startsWith('/mcp?')) return void mcp.node(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the MCP endpoint is /mcp\n');
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
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
