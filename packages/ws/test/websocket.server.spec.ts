import './support/global-websocket';
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { listenWs, type WsServerHandle } from '../src';
import { within } from '@armature/transport-fixtures';
import { closed, openRaw, refusal } from './support/raw-client';
import { sdkApp } from './support/sdk-app';

describe('listenWs', () => {
  let handle: WsServerHandle;
  let client: Client | undefined;

  beforeEach(async () => {
    handle = await listenWs(sdkApp(), { port: 0 });
  });

  afterEach(async () => {
    await client?.close();
    client = undefined;
    await handle.close();
  });

  async function connectSdkClient(url = handle.url): Promise<Client> {
    const next = new Client({ name: 'ws-spec', version: '1.0.0' });
    await within(next.connect(new WebSocketClientTransport(new URL(url))), 'the SDK client to connect');
    return next;
  }

  it('binds 127.0.0.1 on an OS-chosen port and serves /mcp by default', () => {
    expect(handle.address.address).to.equal('127.0.0.1');
    expect(handle.address.port).to.be.greaterThan(0);
    expect(handle.url).to.equal(`ws://127.0.0.1:${handle.address.port}/mcp`);
  });

  it('lists and calls tools through the official SDK WebSocket client', async () => {
    client = await connectSdkClient();
    const { tools } = await within(client.listTools(), 'tools/list');
    expect(tools.map((tool) => tool.name)).to.deep.equal(['echo', 'wait', 'whoami', 'gate', 'headers']);
    const result = await within(client.callTool({ name: 'echo', arguments: { text: 'hello' } }), 'tools/call');
    expect(result.content).to.deep.equal([{ type: 'text', text: 'hello' }]);
  });

  it('gives each connection its own session', async () => {
    client = await connectSdkClient();
    const second = await connectSdkClient();
    try {
      const [a, b] = await within(
        Promise.all([
          client.callTool({ name: 'echo', arguments: { text: 'a' } }),
          second.callTool({ name: 'echo', arguments: { text: 'b' } }),
        ]),
        'both calls',
      );
      expect([a.content, b.content]).to.deep.equal([[{ type: 'text', text: 'a' }], [{ type: 'text', text: 'b' }]]);
      expect(handle.gateway.connectionCount).to.equal(2);
    } finally {
      await second.close();
    }
  });

  it('refuses a foreign Origin with 403 before upgrading', async () => {
    const { status, body } = await refusal(handle.url, { origin: 'https://evil.example' });
    expect(status).to.equal(403);
    expect(body).to.contain('Origin not allowed: https://evil.example');
    expect(handle.gateway.connectionCount).to.equal(0);
  });

  it('accepts a localhost Origin on any port', async () => {
    const socket = await openRaw(handle.url, { origin: 'http://localhost:5173' });
    expect(socket.protocol).to.equal('mcp');
    socket.close();
    await closed(socket);
  });

  it('refuses a Host that is not localhost with 403 (DNS rebinding)', async () => {
    const { status, body } = await refusal(handle.url, { headers: { Host: 'attacker.example:80' } });
    expect(status).to.equal(403);
    expect(body).to.contain('Host not allowed');
  });

  it('refuses a handshake that does not offer the mcp subprotocol with 400', async () => {
    const withoutAny = await refusal(handle.url, {}, []);
    expect(withoutAny.status).to.equal(400);
    expect(withoutAny.body).to.contain('subprotocol "mcp"');
    const withOther = await refusal(handle.url, {}, ['graphql-ws']);
    expect(withOther.status).to.equal(400);
  });

  it('answers upgrades for another path with 404', async () => {
    const { status } = await refusal(handle.url.replace('/mcp', '/other'));
    expect(status).to.equal(404);
  });

  it('answers plain HTTP requests with 426 Upgrade Required', async () => {
    const response = await within(fetch(handle.url.replace('ws:', 'http:')), 'the HTTP response');
    expect(response.status).to.equal(426);
    expect(await response.text()).to.contain('subprotocol "mcp"');
  });

  it('ends every session with 1001 on close()', async () => {
    const socket = await openRaw(handle.url);
    const seen = closed(socket);
    await handle.close();
    expect(await seen).to.deep.equal({ code: 1001, reason: 'Server shutting down' });
    expect(handle.gateway.connectionCount).to.equal(0);
    handle = await listenWs(sdkApp(), { port: 0 });
  });
});
