import { expect } from 'chai';
import { listenWs, type WsServerHandle } from '../src';
import { closed, inbox, initializeRequest, openRaw, refusal } from './support/raw-client';
import { sdkApp } from './support/sdk-app';

describe('bearer-token verification', () => {
  let handle: WsServerHandle;

  beforeEach(async () => {
    handle = await listenWs(sdkApp(), {
      port: 0,
      resourceMetadataUrl: 'http://127.0.0.1/.well-known/oauth-protected-resource',
      verifyToken: (token) => (token === 'good' ? { token, clientId: 'alice', scopes: ['tools'] } : undefined),
    });
  });

  afterEach(async () => {
    await handle.close();
  });

  it('refuses an upgrade without a token with 401 and a Bearer challenge', async () => {
    const { status, headers } = await refusal(handle.url);
    expect(status).to.equal(401);
    expect(headers['www-authenticate']).to.equal('Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"');
  });

  it('refuses an unknown token with 401 invalid_token', async () => {
    const { status, headers } = await refusal(handle.url, { headers: { Authorization: 'Bearer bad' } });
    expect(status).to.equal(401);
    expect(headers['www-authenticate']).to.contain('error="invalid_token"');
  });

  it('passes the principal to handlers with every message', async () => {
    const socket = await openRaw(handle.url, { headers: { Authorization: 'Bearer good' } });
    const next = inbox(socket);
    socket.send(JSON.stringify(initializeRequest));
    await next();
    socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } }));
    expect(await next()).to.have.nested.property('result.content[0].text', 'alice');
    socket.close();
    await closed(socket);
  });
});
