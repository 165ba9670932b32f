import { expect } from 'chai';
import type { AuthInfo } from '@armature/core';
import { createKernelApp } from './support/kernel-app';
import { INITIALIZE, post } from './support/raw-http';
import { Opened } from './support/servers';

const TOKENS: Record<string, AuthInfo> = {
  alice: { token: 'alice', clientId: 'alice-client', scopes: ['tools'] },
  bob: { token: 'bob', clientId: 'bob-client', scopes: ['tools'] },
};

describe('Bearer tokens (verifyToken)', () => {
  const opened = new Opened();
  afterEach(() => opened.closeAll());

  async function serve(): Promise<string> {
    const handle = await opened.listen(createKernelApp(), {
      verifyToken: (token) => TOKENS[token],
      resourceMetadataUrl: 'http://127.0.0.1/.well-known/oauth-protected-resource',
    });
    return handle.url;
  }

  it('answers 401 with a Bearer challenge naming the resource metadata when the token is missing', async () => {
    const url = await serve();
    const res = await post(url, INITIALIZE);
    expect(res.status).to.equal(401);
    expect(res.headers.get('www-authenticate')).to.equal('Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"');
    expect(((await res.json()) as { error: { message: string } }).error.message).to.match(/bearer token/);
  });

  it('answers 401 invalid_token for a token the verifier rejects', async () => {
    const url = await serve();
    const res = await post(url, INITIALIZE, { authorization: 'Bearer mallory' });
    expect(res.status).to.equal(401);
    expect(res.headers.get('www-authenticate')).to.match(/error="invalid_token"$/);
    await res.text();
  });

  it('gives handlers the principal and binds the session to it', async () => {
    const url = await serve();
    const init = await post(url, INITIALIZE, { authorization: 'Bearer alice' });
    expect(init.status).to.equal(200);
    await init.text();
    const sessionId = init.headers.get('mcp-session-id') as string;
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    await (await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { ...headers, authorization: 'Bearer alice' })).text();
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } };
    const mine = await post(url, call, { ...headers, authorization: 'Bearer alice' });
    expect(((await mine.json()) as { result: { content: { text: string }[] } }).result.content[0].text).to.equal('alice-client');
    const stolen = await post(url, call, { ...headers, authorization: 'Bearer bob' });
    expect(stolen.status).to.equal(404);
    await stolen.text();
    const stream = await fetch(url, { headers: { ...headers, authorization: 'Bearer bob', accept: 'text/event-stream' } });
    expect(stream.status).to.equal(404);
    await stream.text();
  });
});
