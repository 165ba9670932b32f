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
  // The handler is created once the port is known, so a protected resource can default to this URL.
  let handler: HttpHandler | undefined;
  let metadataPaths: readonly string[] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const requested = query === -1 ? url : url.slice(0, query);
    if (handler === undefined || (requested !== path && !metadataPaths.includes(requested))) {
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
  const url = `http://${shownHost}:${address.port}${path}`;
  try {
    handler = createHttpHandler(app, {
      ...handlerOptions,
      allowedHosts: handlerOptions.allowedHosts ?? allowedHostsForBind(host),
      protectedResource: handlerOptions.protectedResource === undefined ? undefined : { ...handlerOptions.protectedResource, resource: handlerOptions.protectedResource.resource ?? url },
    });
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  metadataPaths = handler.metadataPaths;
  const live = handler;
  let closed: Promise<void> | undefined;
  return {
    url,
    server,
    handler: live,
    close(drainMs?: number) {
      closed ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await live.close(drainMs);
        server.closeAllConnections();
        await stopped;
      })();
      return closed;
    },
  };
}
