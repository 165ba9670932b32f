import './support/global-websocket';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { attachWs, type WsAttachment } from '../src';
import { within } from '@armature/transport-fixtures';
import { refusal } from './support/raw-client';
import { sdkApp } from './support/sdk-app';

describe('attachWs', () => {
  let server: Server;
  let attachment: WsAttachment;
  let base: string;

  beforeEach(async () => {
    // Stands in for @armature/http's handler on the same port.
    server = createServer((req, res) => res.end(`plain HTTP ${req.method} ${req.url}`));
    attachment = attachWs(server, sdkApp());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await attachment.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('shares a port and a path with plain HTTP', async () => {
    const client = new Client({ name: 'attach-spec', version: '1.0.0' });
    await within(client.connect(new WebSocketClientTransport(new URL(`ws://${base}/mcp`))), 'connect');
    try {
      const result = await within(client.callTool({ name: 'echo', arguments: { text: 'shared' } }), 'tools/call');
      expect(result.content).to.deep.equal([{ type: 'text', text: 'shared' }]);
      const response = await within(fetch(`http://${base}/mcp`, { method: 'POST' }), 'the HTTP response');
      expect(await response.text()).to.equal('plain HTTP POST /mcp');
    } finally {
      await client.close();
    }
  });

  it('answers upgrades for other paths with 404 when no other upgrade listener exists', async () => {
    expect((await refusal(`ws://${base}/elsewhere`)).status).to.equal(404);
  });

  it('leaves upgrades for other paths to other upgrade listeners', async () => {
    server.on('upgrade', (req, socket) => {
      if (req.url === '/other') socket.end("HTTP/1.1 418 I'm a Teapot\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    });
    expect((await refusal(`ws://${base}/other`)).status).to.equal(418);
  });
});
