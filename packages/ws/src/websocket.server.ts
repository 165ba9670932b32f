import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { allowedHostsForBind, type ConnectableApp } from '@armature/core';
import { rejectUpgrade } from './reject-upgrade';
import { WsGateway } from './websocket.gateway';
import type { WsOptions } from './ws-options';

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
 * Plain HTTP requests to the port are answered 426 (Upgrade Required).
 */
export async function listenWs(app: ConnectableApp, options: ListenWsOptions = {}): Promise<WsServerHandle> {
  const host = options.host ?? '127.0.0.1';
  const gateway = new WsGateway(app, { ...options, allowedHosts: options.allowedHosts ?? allowedHostsForBind(host) });
  const server = createServer((_req, res) => {
    res.writeHead(426, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'Upgrade', Upgrade: 'websocket' });
    res.end(`This is an MCP WebSocket endpoint: connect with subprotocol "mcp" to ${gateway.options.path}\n`);
  });
  server.on('upgrade', gateway.handleUpgrade);
  server.on('clientError', (error, socket) => {
    gateway.options.onError(error);
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', gateway.options.onError);
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `ws://${urlHost}:${address.port}${gateway.options.path}`,
    address,
    gateway,
    close: (drainMs?: number) => {
      closing ??= gateway.close(drainMs).then(() => closeServer(server));
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
    else if (server.listenerCount('upgrade') === 1) rejectUpgrade(socket, 404, `No WebSocket endpoint at this path; MCP is at ${gateway.options.path}`);
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
