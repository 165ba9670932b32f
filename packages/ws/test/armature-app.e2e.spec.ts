import './support/global-websocket';
import { expect } from 'chai';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { listenWs } from '../src';
import { createFixtureApp, sdkClientScenario } from '@armature/transport-fixtures';
import { closed, inbox, initializeRequest, openRaw } from './support/raw-client';

/** An Armature app served by `listenWs`, driven by the official SDK client over real WebSockets. */
describe('Armature app over WebSocket, end to end', () => {
  sdkClientScenario({
    appName: 'ws-fixture',
    serve: (app) => listenWs(app, { port: 0 }),
    clientTransport: (url) => new WebSocketClientTransport(url),
    session: { ends: 'when the socket closes', end: (client) => client.close() },
  });
});

describe('Armature app over WebSocket with bearer tokens', () => {
  it('gives handlers the principal as ctx.authInfo', async () => {
    const app = await createFixtureApp('ws-fixture');
    const handle = await listenWs(app, {
      port: 0,
      verifyToken: (token) => (token === 'good' ? { token, clientId: 'alice', scopes: [] } : undefined),
    });
    try {
      const socket = await openRaw(handle.url, { headers: { Authorization: 'Bearer good' } });
      const next = inbox(socket);
      socket.send(JSON.stringify(initializeRequest));
      expect(await next()).to.have.nested.property('result.serverInfo.name', 'ws-fixture');
      socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } }));
      expect(await next()).to.have.nested.property('result.content[0].text', 'alice');
      socket.close();
      await closed(socket);
    } finally {
      await handle.close();
      await app.close();
    }
  });
});
