import { expect } from 'chai';
import type { Armature, AuthInfo } from '@armature/core';
import { createHttpHandler, type HttpHandler } from '../src';
import { createAuthApp } from './support/auth-app';
import { INITIALIZE, post, POST_HEADERS } from './support/raw-http';
import { Opened } from './support/servers';
import { SseReader } from './support/sse-reader';
import { assertServerMessage } from './support/wire-check';
import { checkServerMessage } from '@armature/testing';

const READER: Omit<AuthInfo, 'resource'> = { token: 'reader', clientId: 'reader-client', scopes: ['notes:read'] };
const call = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** The JSON-RPC error an InsufficientScopeError becomes for `remove` called with notes:read only. */
const REMOVE_REFUSED = {
  code: -32003,
  message: 'Insufficient scope: tool "remove" requires the scope "notes:write"; authorize with it and retry.',
  data: {
    error: 'insufficient_scope',
    requiredScopes: ['notes:read', 'notes:write'],
    missingScopes: ['notes:write'],
    scope: 'notes:read notes:write',
  },
};

describe('InsufficientScopeError over Streamable HTTP (step-up)', () => {
  const opened = new Opened();
  let app: Armature;
  let mounted: HttpHandler | undefined;

  beforeEach(async () => {
    app = await createAuthApp();
  });

  afterEach(async () => {
    await opened.closeAll();
    await mounted?.close(10);
    mounted = undefined;
    await app.close();
  });

  async function serveWithTokens(): Promise<{ url: string; headers: Record<string, string> }> {
    let url = '';
    const handle = await opened.listen(app, {
      verifyToken: (token) => (token === 'reader' ? { ...READER, resource: url } : undefined),
      protectedResource: { authorizationServers: ['https://auth.example.com'] },
    });
    url = handle.url;
    const auth = { authorization: 'Bearer reader' };
    const init = await post(url, INITIALIZE, auth);
    assertServerMessage(await init.json(), 'initialize');
    const headers = { ...auth, 'mcp-session-id': init.headers.get('mcp-session-id') as string, 'mcp-protocol-version': '2025-11-25' };
    await (await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).text();
    return { url, headers };
  }

  it('answers 403 with an insufficient_scope challenge and the JSON-RPC error as body, then keeps serving', async () => {
    const { url, headers } = await serveWithTokens();
    const res = await post(url, call(1, 'remove', { id: 'n1' }), headers);
    expect(res.status).to.equal(403);
    expect(res.headers.get('content-type')).to.equal('application/json');
    expect(res.headers.get('mcp-session-id')).to.equal(headers['mcp-session-id']);
    expect(res.headers.get('www-authenticate')).to.equal(
      `Bearer error="insufficient_scope", scope="notes:read notes:write", resource_metadata="${new URL(url).origin}/.well-known/oauth-protected-resource/mcp", ` +
        `error_description="Insufficient scope: tool 'remove' requires the scope 'notes:write'; authorize with it and retry."`,
    );
    const body = (await res.json()) as { id: number; error: unknown };
    assertServerMessage(body, 'tools/call');
    expect(body).to.deep.equal({ jsonrpc: '2.0', id: 1, error: REMOVE_REFUSED });
    const next = await post(url, call(2, 'search', { query: 'x' }), headers);
    expect(next.status).to.equal(200);
    assertServerMessage(await next.json(), 'tools/call');
  });

  it('keeps the error in-band once the answer has started streaming', async () => {
    const { url, headers } = await serveWithTokens();
    const res = await post(url, call(3, 'audit'), headers);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/event-stream');
    expect(res.headers.get('www-authenticate')).to.equal(null);
    const messages = (await new SseReader(res).rest())
      .filter((event) => event.data !== '')
      .map((event) => JSON.parse(event.data) as Record<string, unknown>);
    for (const message of messages) assertServerMessage(message, message.method === undefined ? 'tools/call' : undefined);
    expect(messages.map((message) => message.method ?? 'response')).to.deep.equal(['notifications/message', 'response']);
    expect(messages[1]).to.have.nested.property('error.code', -32003);
    expect(messages[1]).to.have.nested.property('error.data.scope', 'notes:read notes:admin');
  });

  it('answers an anonymous caller in-band: there is no token to step up', async () => {
    const handle = await opened.listen(app);
    const init = await post(handle.url, INITIALIZE);
    assertServerMessage(await init.json(), 'initialize');
    const headers = { 'mcp-session-id': init.headers.get('mcp-session-id') as string, 'mcp-protocol-version': '2025-11-25' };
    await (await post(handle.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).text();
    const res = await post(handle.url, call(4, 'search'), headers);
    expect(res.status).to.equal(200);
    expect(res.headers.get('www-authenticate')).to.equal(null);
    const body = (await res.json()) as { error: { code: number; data: { missingScopes: string[] } } };
    assertServerMessage(body, 'tools/call');
    expect(body.error.code).to.equal(-32003);
    expect(body.error.data.missingScopes).to.deep.equal(['notes:read']);
  });

  it('answers an anonymous caller 401 with the scope and resource_metadata when the endpoint takes bearer tokens, on 2025 and 2026', async () => {
    // Bearer auth is declared (protectedResource) but verified upstream: a request may arrive without a principal.
    const handle = await opened.listen(app, { protectedResource: { authorizationServers: ['https://auth.example.com'] } });
    const metadata = `${new URL(handle.url).origin}/.well-known/oauth-protected-resource/mcp`;
    const init = await post(handle.url, INITIALIZE);
    assertServerMessage(await init.json(), 'initialize');
    const headers = { 'mcp-session-id': init.headers.get('mcp-session-id') as string, 'mcp-protocol-version': '2025-11-25' };
    await (await post(handle.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).text();
    const on2025 = await post(handle.url, call(6, 'search'), headers);
    expect(on2025.status).to.equal(401);
    expect(on2025.headers.get('www-authenticate')).to.equal(`Bearer scope="notes:read", resource_metadata="${metadata}"`);
    const body2025 = (await on2025.json()) as { error: { code: number } };
    assertServerMessage(body2025, 'tools/call');
    expect(body2025.error.code).to.equal(-32003);

    const request2026 = {
      ...call(7, 'search'),
      params: {
        name: 'search',
        arguments: {},
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
        },
      },
    };
    const on2026 = await post(handle.url, request2026, {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'search',
    });
    expect(on2026.status).to.equal(401);
    expect(on2026.headers.get('www-authenticate')).to.equal(`Bearer scope="notes:read", resource_metadata="${metadata}"`);
    const body2026 = await on2026.json();
    expect(checkServerMessage(body2026, request2026)).to.deep.equal([]);
    expect(body2026).to.have.nested.property('error.code', -32003);
  });

  it('steps up a principal set by an upstream layer too, statelessly and through fetch', async () => {
    mounted = createHttpHandler(app, { stateless: true });
    const res = await mounted.fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: { ...POST_HEADERS, 'mcp-protocol-version': '2025-11-25' },
        body: JSON.stringify(call(5, 'remove', { id: 'n1' })),
      }),
      { authInfo: READER },
    );
    expect(res.status).to.equal(403);
    expect(res.headers.get('www-authenticate')).to.match(
      /^Bearer error="insufficient_scope", scope="notes:read notes:write", error_description="/,
    );
    const body = (await res.json()) as { error: unknown };
    assertServerMessage(body, 'tools/call');
    expect(body.error).to.deep.equal(REMOVE_REFUSED);
  });
});
