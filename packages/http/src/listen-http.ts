import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowedHostsForBind, type ConnectableApp } from '@armature/core';
import { createHttpHandler, type HttpHandler } from './create-http-handler';
import type { ListenHttpOptions } from './http-options';
import { errorBody } from './protocol/http-error';

/** A running Streamable HTTP server. */
export interface HttpListenHandle {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string;
  /** The underlying `node:http` server. */
  readonly server: Server;
  readonly handler: HttpHandler;
  /**
   * Stops accepting connections, lets in-flight requests finish for up to `drainMs`
   * (default 10 s), ends every session, then closes the remaining connections.
   */
  close(drainMs?: number): Promise<void>;
}

const NOT_FOUND = errorBody(-32600, 'Not Found: the MCP endpoint is elsewhere');

/**
 * Serves `app` over Streamable HTTP on a plain `node:http` server, bound to 127.0.0.1 by
 * default (MCP 2025-11-25, transports §Security Warning). `app.listen('--http')` calls this.
 */
export async function listenHttp(app: ConnectableApp, options: ListenHttpOptions = {}): Promise<HttpListenHandle> {
  const { host = '127.0.0.1', port = 3000, path = '/mcp', ...handlerOptions } = options;
  const handler = createHttpHandler(app, { ...handlerOptions, allowedHosts: handlerOptions.allowedHosts ?? allowedHostsForBind(host) });
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    if ((query === -1 ? url : url.slice(0, query)) !== path) {
      res.writeHead(404, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(NOT_FOUND) });
      res.end(NOT_FOUND);
      return;
    }
    void handler.node(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}${path}`,
    server,
    handler,
    close(drainMs?: number) {
      closed ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await handler.close(drainMs);
        server.closeAllConnections();
        await stopped;
      })();
      return closed;
    },
  };
}
