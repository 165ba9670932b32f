import './support/global-websocket';
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { WebSocket } from 'ws';
import { within } from '@armature/transport-fixtures';
import { attachWs, type WsAttachment } from '../src';
import { openRaw } from './support/raw-client';
import { sdkApp, type SdkApp } from './support/sdk-app';

/** Far longer than any wait below: a close() that sat out its window would fail on its bound. */
const LONG_WINDOW_MS = 60_000;

/**
 * `WsGateway.close(drainMs)` on its own (a gateway attached to the user's HTTP server, closed
 * outside `app.close()`): it ends as soon as the work in flight is answered and written and the
 * peers have answered the close, and the window bounds the close handshake too.
 */
describe('WsGateway.close() outside app.close()', () => {
  let app: SdkApp;
  let server: Server;
  let attachment: WsAttachment;
  let url: string;
  const sockets: WebSocket[] = [];
  const clients: Client[] = [];

  beforeEach(async () => {
    app = sdkApp();
    server = createServer((_req, res) => res.writeHead(404).end());
    attachment = attachWs(server, app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });

  afterEach(async () => {
    app.openGate();
    sockets.splice(0).forEach((socket) => socket.terminate());
    await Promise.all(clients.splice(0).map((client) => within(client.close(), 'the client to close').catch(() => undefined)));
    await within(attachment.close(0), 'the gateway to close');
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function connect(): Promise<{ client: Client; closed: Promise<void> }> {
    const client = new Client({ name: 'gateway-close-spec', version: '1.0.0' });
    clients.push(client);
    await within(client.connect(new WebSocketClientTransport(new URL(url))), 'connect');
    const closed = new Promise<void>((resolve) => (client.onclose = resolve));
    return { client, closed };
  }

  it('idle sessions: ends once the peers answer the close, without sitting out drainMs', async () => {
    const peers = await Promise.all([connect(), connect(), connect()]);
    await Promise.all(peers.map(({ client }) => within(client.listTools(), 'a round trip')));
    await within(attachment.close(LONG_WINDOW_MS), 'close() of an idle gateway', 5000);
    await Promise.all(peers.map(({ closed }) => within(closed, 'the client to see the close')));
    expect(attachment.gateway.connectionCount).to.equal(0);
  });

  it('a request in flight: ends once its answer is written, and the client has the answer', async () => {
    const { client, closed } = await connect();
    const call = client.callTool({ name: 'gate', arguments: {} });
    await within(app.gateStarted, 'the handler to start');
    const closing = attachment.close(LONG_WINDOW_MS);
    app.openGate();
    const result = await within(call, 'the drained call');
    expect(result.content).to.deep.equal([{ type: 'text', text: 'through the gate' }]);
    await within(closing, 'close() once the answer is written', 5000);
    await within(closed, 'the client to see the close');
  });

  it('a peer that stops reading and never answers the close cannot hold close() past drainMs', async () => {
    const socket = await openRaw(url);
    sockets.push(socket);
    // The peer reads nothing more: the server's close frame is never answered.
    socket.pause();
    // The transport's own close-handshake timeout is 5 s; the window is shorter and wins.
    await within(attachment.close(300), 'close() with a peer that never answers', 3000);
    expect(attachment.gateway.connectionCount).to.equal(0);
  });
});
