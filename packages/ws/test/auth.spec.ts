import { expect } from 'chai';
import type { Armature, AuthInfo } from '@armature/core';
import { serverMessageErrors } from '@armature/testing';
import { listenWs, type ListenWsOptions, type WsServerHandle } from '../src';
import { closed, inbox, initializeRequest, openRaw, refusal } from './support/raw-client';
import { createScopedApp } from './support/scoped-app';
import { sdkApp } from './support/sdk-app';

const AUTH_SERVER = 'https://auth.example.com';

describe('bearer-token verification', () => {
  let handle: WsServerHandle | undefined;
  let app: Armature | undefined;

  afterEach(async () => {
    await handle?.close();
    await app?.close();
    handle = undefined;
    app = undefined;
  });

  /** Serves with a token table whose audiences name this server's HTTP URL. */
  async function serve(
    options: ListenWsOptions = {},
    connectable: Parameters<typeof listenWs>[0] = sdkApp(),
  ): Promise<{ url: string; resource: string }> {
    let table: Record<string, AuthInfo> = {};
    handle = await listenWs(connectable, { port: 0, verifyToken: (token) => table[token], ...options });
    const resource = handle.url.replace('ws://', 'http://');
    const soon = Math.floor(Date.now() / 1000) + 60;
    table = {
      good: { token: 'good', clientId: 'alice', scopes: ['tools'], resource },
      reader: { token: 'reader', clientId: 'reader', scopes: ['notes:read'], resource, expiresAt: soon },
      expired: { token: 'expired', clientId: 'late', scopes: [], resource, expiresAt: soon - 120 },
      foreign: { token: 'foreign', clientId: 'elsewhere', scopes: [], resource: 'https://other.example.com/mcp' },
    };
    return { url: handle.url, resource };
  }

  /** Opens a session as `token`; returns the socket and its message queue (every message schema-checked). */
  async function session(url: string, token: string) {
    const socket = await openRaw(url, { headers: { Authorization: `Bearer ${token}` } });
    const next = inbox(socket);
    const checked = async (method?: string) => {
      const message = await next();
      expect(serverMessageErrors(message, method), `invalid server message ${JSON.stringify(message).slice(0, 300)}`).to.deep.equal([]);
      return message;
    };
    socket.send(JSON.stringify(initializeRequest));
    await checked('initialize');
    socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    return { socket, checked };
  }

  it('refuses an upgrade without a token with 401 and a Bearer challenge', async () => {
    const { url } = await serve({ resourceMetadataUrl: 'http://127.0.0.1/.well-known/oauth-protected-resource' });
    const { status, headers } = await refusal(url);
    expect(status).to.equal(401);
    expect(headers['www-authenticate']).to.equal('Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"');
  });

  it('serves the protected-resource metadata on its port and names it in challenges', async () => {
    const { url, resource } = await serve({ protectedResource: { authorizationServers: [AUTH_SERVER], challengeScopes: ['tools'] } });
    const origin = new URL(resource).origin;
    const { status, headers } = await refusal(url);
    expect(status).to.equal(401);
    expect(headers['www-authenticate']).to.equal(
      `Bearer scope="tools", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
    );
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({ resource, authorization_servers: [AUTH_SERVER], bearer_methods_supported: ['header'] });
    }
    const other = await fetch(`${origin}/anything`);
    expect(other.status).to.equal(426);
    await other.text();
  });

  for (const [token, reason] of [
    ['bad', /invalid/],
    ['expired', /expired/],
    ['foreign', /not issued for this server/],
  ] as const) {
    it(`refuses a token that is ${token === 'bad' ? 'unknown' : token} with 401 invalid_token`, async () => {
      const { url } = await serve({ protectedResource: { authorizationServers: [AUTH_SERVER] } });
      const { status, headers, body } = await refusal(url, { headers: { Authorization: `Bearer ${token}` } });
      expect(status).to.equal(401);
      expect(headers['www-authenticate']).to.match(/^Bearer error="invalid_token", resource_metadata="[^"]+", error_description="[^"]+"$/);
      expect(body).to.match(reason);
    });
  }

  it('passes the principal to handlers with every message, and not the token in the headers', async () => {
    const { url } = await serve();
    const { socket, checked } = await session(url, 'good');
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } }));
    expect(await checked('tools/call')).to.have.nested.property('result.content[0].text', 'alice');
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'headers', arguments: {} } }));
    const seen = String(((await checked('tools/call')) as { result: { content: { text: string }[] } }).result.content[0]?.text).split(',');
    expect(seen).to.include('sec-websocket-protocol');
    expect(seen).to.not.include('authorization');
    socket.close();
    await closed(socket);
  });

  it('gives an Armature handler and its request-scoped provider ctx.authInfo; scopes filter lists and refuse in-band', async () => {
    app = await createScopedApp();
    const { url } = await serve({ protectedResource: { authorizationServers: [AUTH_SERVER] } }, app);
    const { socket, checked } = await session(url, 'reader');
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } }));
    expect(await checked('tools/call')).to.have.nested.property('result.content[0].text', 'handler: reader; provider: reader');
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    const listed = (await checked('tools/list')) as { result: { tools: { name: string }[] } };
    expect(listed.result.tools.map((tool) => tool.name)).to.deep.equal(['whoami']);
    // WebSocket has no per-message status: the step-up facts travel in the JSON-RPC error.
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'remove', arguments: { id: 'n1' } } }));
    const refusedCall = await checked('tools/call');
    expect(refusedCall).to.have.nested.property('error.code', -32003);
    expect((refusedCall as { error: { data: unknown } }).error.data).to.deep.equal({
      error: 'insufficient_scope',
      requiredScopes: ['notes:read', 'notes:write'],
      missingScopes: ['notes:write'],
      scope: 'notes:read notes:write',
    });
    socket.close();
    await closed(socket);
  });
});
