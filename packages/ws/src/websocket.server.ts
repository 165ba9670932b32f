import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { allowedHostsForBind, type ConnectableApp } from '@armature/core/internal';
import { answerPlainHttp } from './plain-http.responder';
import { rejectUpgrade } from './reject-upgrade';
import { WsGateway } from './websocket.gateway';
import { DEFAULT_PATH, type WsOptions } from './ws-options';

/** Options of `listenWs`. */
export interface ListenWsOptions extends WsOptions {
  /** Interface to bind. Default `127.0.0.1` (local only, as the spec advises for local servers). */
  readonly host?: string;
  /** Port to bind; 0 (the default) lets the OS choose — read it back from `handle.url`. */
  readonly port?: number;
}

/** A running WebSocket server. */
export interface WsServerHandle {
  /** Where clients connect, e.g. `ws://127.0.0.1:3001/mcp`. */
  readonly url: string;
  /** The bound address (the actual port when 0 was asked for). */
  readonly address: AddressInfo;
  /** The gateway, for its connection count and options. */
  readonly gateway: WsGateway;
  /**
   * Stops accepting, lets requests in flight finish for up to `drainMs` (default 10 s), closes
   * every session (1001), then the listening socket. Idempotent: later calls share the first.
   */
  close(drainMs?: number): Promise<void>;
}

/**
 * Serves an app over WebSocket on its own port: one MCP session per connection at
 * `ws://host:port/mcp`. `app.listen('--ws [host:]port')` in @armature/core calls this.
 * Plain HTTP requests to the port are answered 426 (Upgrade Required), except the RFC 9728
 * metadata paths when `protectedResource` is set.
 */
export async function listenWs(app: ConnectableApp, options: ListenWsOptions = {}): Promise<WsServerHandle> {
  const host = options.host ?? '127.0.0.1';
  // The gateway is created once the port is known, so a protected resource can default to this URL.
  let gateway: WsGateway | undefined;
  const server = createServer((req, res) => {
    if (gateway === undefined) res.writeHead(503).end();
    else answerPlainHttp(req, res, gateway.options);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (gateway === undefined) socket.destroy();
    else gateway.handleUpgrade(req, socket, head);
  });
  server.on('clientError', (error, socket) => {
    gateway?.options.onError(error);
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const path = options.path ?? DEFAULT_PATH;
  const protectedResource = options.protectedResource;
  try {
    gateway = new WsGateway(app, {
      ...options,
      allowedHosts: options.allowedHosts ?? allowedHostsForBind(host),
      // The resource is the endpoint's HTTP URL: the upgrade is an HTTP request to it, and a
      // Streamable HTTP endpoint sharing the path names the same resource.
      protectedResource:
        protectedResource === undefined
          ? undefined
          : { ...protectedResource, resource: protectedResource.resource ?? `http://${urlHost}:${address.port}${path}` },
    });
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  const live = gateway;
  server.on('error', live.options.onError);
  let closing: Promise<void> | undefined;
  return {
    url: `ws://${urlHost}:${address.port}${live.options.path}`,
    address,
    gateway: live,
    close: (drainMs?: number) => {
      closing ??= live.close(drainMs).then(() => closeServer(server));
      return closing;
    },
  };
}

/** A gateway attached to an existing `node:http` server. */
export interface WsAttachment {
  readonly gateway: WsGateway;
  /** Drains and closes every WebSocket session (see `WsGateway.close`) and detaches; the server stays open. */
  close(drainMs?: number): Promise<void>;
}

/**
 * Serves an app over WebSocket on an existing `node:http` server, so WebSocket can share a
 * port with Streamable HTTP (both default to `/mcp`: POST/GET go to the HTTP handler,
 * upgrades come here). Upgrades for other paths are left to other `upgrade` listeners, or
 * answered 404 when there are none.
 */
export function attachWs(server: Server, app: ConnectableApp, options: WsOptions = {}): WsAttachment {
  const gateway = new WsGateway(app, options);
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (gateway.matches(req)) gateway.handleUpgrade(req, socket, head);
    else if (server.listenerCount('upgrade') === 1)
      rejectUpgrade(socket, 404, `No WebSocket endpoint at this path; MCP is at ${gateway.options.path}`);
  };
  server.on('upgrade', onUpgrade);
  return {
    gateway,
    close: async (drainMs?: number) => {
      server.off('upgrade', onUpgrade);
      await gateway.close(drainMs);
    },
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error === undefined ? resolve() : reject(error)));
    server.closeAllConnections();
  });
}
