import { expect } from 'chai';
import type { AuthInfo } from '@armature/core';
import type { ConnectableApp } from '@armature/core/internal';
import type { ListenHttpOptions } from '../src';
import { createKernelApp } from './support/kernel-app';
import { createPeerApp } from './support/peer-app';
import { INITIALIZE, post } from './support/raw-http';
import { Opened } from './support/servers';
import { assertServerMessage } from './support/wire-check';

const NOW_S = (): number => Math.floor(Date.now() / 1000);

/** Tokens by value; each test serves at a random port, so audiences name `{url}`. */
function tokens(url: string): Record<string, AuthInfo> {
  return {
    alice: { token: 'alice', clientId: 'alice-client', scopes: ['tools'], resource: url },
    bob: { token: 'bob', clientId: 'bob-client', scopes: ['tools'], resource: url },
    // The same server spelled differently (case, trailing slash) is the same audience.
    spelled: { token: 'spelled', clientId: 'spelled-client', scopes: [], resource: `${url.replace('http://', 'HTTP://')}/` },
    viaAud: { token: 'viaAud', clientId: 'aud-client', scopes: [], extra: { aud: ['https://other.example', url] } },
    expired: { token: 'expired', clientId: 'late-client', scopes: [], resource: url, expiresAt: NOW_S() - 60 },
    foreign: { token: 'foreign', clientId: 'elsewhere', scopes: [], resource: 'https://other.example/mcp' },
    unbound: { token: 'unbound', clientId: 'anywhere', scopes: [] },
  };
}

/** The parameters of a `WWW-Authenticate: Bearer …` challenge. */
function challenge(res: Response): Record<string, string> {
  const header = res.headers.get('www-authenticate') ?? '';
  expect(header).to.match(/^Bearer\b/);
  return Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]));
}

async function refusal(res: Response, status: number): Promise<string> {
  expect(res.status).to.equal(status);
  const body = (await res.json()) as { error: { message: string } };
  assertServerMessage(body);
  return body.error.message;
}

describe('Bearer tokens (verifyToken)', () => {
  const opened = new Opened();
  afterEach(() => opened.closeAll());

  async function serve(options: ListenHttpOptions = {}, app: ConnectableApp = createKernelApp()): Promise<string> {
    let table: Record<string, AuthInfo> = {};
    const handle = await opened.listen(app, {
      verifyToken: (token) => table[token],
      protectedResource: { authorizationServers: ['https://auth.example.com'], challengeScopes: ['tools'] },
      ...options,
    });
    table = tokens(handle.url);
    return handle.url;
  }

  it('answers 401 naming the metadata and the scope to request when the token is missing', async () => {
    const url = await serve();
    const res = await post(url, INITIALIZE);
    expect(await refusal(res, 401)).to.equal('Unauthorized: a bearer token is required');
    expect(res.headers.get('www-authenticate')).to.equal(
      `Bearer scope="tools", resource_metadata="${new URL(url).origin}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('names an explicitly configured metadata URL instead', async () => {
    const url = await serve({
      resourceMetadataUrl: 'https://meta.example.com/.well-known/oauth-protected-resource',
      protectedResource: undefined,
    });
    const res = await post(url, INITIALIZE);
    await refusal(res, 401);
    expect(res.headers.get('www-authenticate')).to.equal(
      'Bearer resource_metadata="https://meta.example.com/.well-known/oauth-protected-resource"',
    );
  });

  for (const [token, reason] of [
    ['mallory', /invalid/],
    ['expired', /expired/],
    ['foreign', /not issued for this server/],
    ['unbound', /not issued for this server/],
    ['not a token', /malformed/],
  ] as const) {
    it(`answers 401 invalid_token for a token that is ${token === 'mallory' ? 'unknown' : token === 'not a token' ? 'malformed' : token}`, async () => {
      const url = await serve();
      const res = await post(url, INITIALIZE, { authorization: `Bearer ${token}` });
      expect(await refusal(res, 401)).to.match(reason);
      const params = challenge(res);
      expect(params.error).to.equal('invalid_token');
      expect(params.resource_metadata).to.equal(`${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`);
      expect(params.error_description).to.match(reason);
      expect(res.headers.get('www-authenticate')).to.not.contain(token === 'not a token' ? 'not a token' : `${token}"`);
    });
  }

  it('accepts the audience however the server URL is spelled, in resource or in aud', async () => {
    const url = await serve();
    for (const token of ['alice', 'spelled', 'viaAud']) {
      const res = await post(url, INITIALIZE, { authorization: `Bearer ${token}` });
      expect(res.status, token).to.equal(200);
      assertServerMessage(await res.json(), 'initialize');
    }
  });

  it('leaves the audience to the verifier with validateAudience: false', async () => {
    const url = await serve({ protectedResource: { authorizationServers: ['https://auth.example.com'], validateAudience: false } });
    const res = await post(url, INITIALIZE, { authorization: 'Bearer foreign' });
    expect(res.status).to.equal(200);
    assertServerMessage(await res.json(), 'initialize');
  });

  it('counts a verifier that throws as a rejection, reporting the error to onError only', async () => {
    const errors: Error[] = [];
    const url = await serve({
      verifyToken: () => Promise.reject(new Error('introspection endpoint down')),
      onError: (error) => errors.push(error),
    });
    const res = await post(url, INITIALIZE, { authorization: 'Bearer alice' });
    expect(await refusal(res, 401)).to.not.contain('introspection');
    expect(challenge(res).error).to.equal('invalid_token');
    expect(errors.map((error) => error.message)).to.deep.equal(['introspection endpoint down']);
  });

  it('gives handlers the principal and binds the session to it', async () => {
    const url = await serve();
    const init = await post(url, INITIALIZE, { authorization: 'Bearer alice' });
    expect(init.status).to.equal(200);
    assertServerMessage(await init.json(), 'initialize');
    const sessionId = init.headers.get('mcp-session-id') as string;
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    await (await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { ...headers, authorization: 'Bearer alice' })).text();
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } };
    const mine = await post(url, call, { ...headers, authorization: 'Bearer alice' });
    const answer = (await mine.json()) as { result: { content: { text: string }[] } };
    assertServerMessage(answer, 'tools/call');
    expect(answer.result.content[0].text).to.equal('alice-client');
    const stolen = await post(url, call, { ...headers, authorization: 'Bearer bob' });
    await refusal(stolen, 404);
    const stream = await fetch(url, { headers: { ...headers, authorization: 'Bearer bob', accept: 'text/event-stream' } });
    await refusal(stream, 404);
  });

  it('keeps the token out of the request headers the session sees', async () => {
    const url = await serve({}, createPeerApp());
    const init = await post(url, INITIALIZE, { authorization: 'Bearer alice' });
    assertServerMessage(await init.json(), 'initialize');
    const headers = {
      'mcp-session-id': init.headers.get('mcp-session-id') as string,
      'mcp-protocol-version': '2025-11-25',
      authorization: 'Bearer alice',
    };
    await (await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).text();
    const res = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'headers', arguments: {} } }, headers);
    const answer = (await res.json()) as { result: { content: { text: string }[] } };
    assertServerMessage(answer, 'tools/call');
    const seen = answer.result.content[0].text.split(',');
    expect(seen).to.include('mcp-session-id');
    expect(seen).to.not.include('authorization');
  });

  it('keeps the token out of the request headers a stateless exchange sees (built on first read)', async () => {
    const url = await serve({ stateless: true }, createPeerApp());
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'headers', arguments: {} } };
    const res = await post(url, call, { 'mcp-protocol-version': '2025-11-25', authorization: 'Bearer alice' });
    const answer = (await res.json()) as { result: { content: { text: string }[] } };
    assertServerMessage(answer, 'tools/call');
    const seen = answer.result.content[0].text.split(',');
    expect(seen).to.include('mcp-protocol-version');
    expect(seen).to.not.include('authorization');
  });
});
