import { expect } from 'chai';
import { createHttpHandler, type ListenHttpOptions } from '../src';
import { createKernelApp } from './support/kernel-app';
import { INITIALIZE, post } from './support/raw-http';
import { Opened } from './support/servers';
import { SseReader } from './support/sse-reader';
import { assertServerMessage } from './support/wire-check';

const APP = 'https://app.example.com';

/** A preflight as a browser sends it before a cross-origin POST with MCP's headers. */
function preflight(url: string, origin: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type, mcp-protocol-version, mcp-session-id',
    },
  });
}

describe('CORS for browser clients', () => {
  const opened = new Opened();
  afterEach(() => opened.closeAll());

  async function serve(options: ListenHttpOptions = {}): Promise<string> {
    return (await opened.listen(createKernelApp(), options)).url;
  }

  it('is off by default: no preflight answer, no CORS headers', async () => {
    const url = await serve();
    const res = await preflight(url, `http://localhost:${new URL(url).port}`);
    expect(res.status).to.equal(405);
    expect(res.headers.get('access-control-allow-origin')).to.equal(null);
    await res.text();
    const init = await post(url, INITIALIZE, { origin: `http://localhost:${new URL(url).port}` });
    expect(init.status).to.equal(200);
    expect(init.headers.get('access-control-allow-origin')).to.equal(null);
    assertServerMessage(await init.json(), 'initialize');
  });

  it('answers a preflight from a listed origin with the methods and headers MCP uses', async () => {
    const url = await serve({ cors: { origins: [APP] } });
    const res = await preflight(url, APP);
    expect(res.status).to.equal(204);
    expect(res.headers.get('access-control-allow-origin')).to.equal(APP);
    expect(res.headers.get('vary')).to.equal('Origin');
    expect(res.headers.get('access-control-allow-methods')).to.equal('GET, POST, DELETE');
    expect(res.headers.get('access-control-allow-headers')).to.equal(
      'Accept, Authorization, Content-Type, Last-Event-ID, Mcp-Protocol-Version, Mcp-Session-Id',
    );
    expect(res.headers.get('access-control-max-age')).to.equal('600');
    expect(res.headers.get('access-control-allow-credentials')).to.equal(null);
    expect(res.headers.get('content-length')).to.equal(null);
    expect(await res.text()).to.equal('');
  });

  it('refuses preflights from other origins, whether or not the Origin check would pass them', async () => {
    const url = await serve({ cors: { origins: [APP] } });
    const evil = await preflight(url, 'https://evil.example.com');
    expect(evil.status).to.equal(403);
    expect(evil.headers.get('access-control-allow-origin')).to.equal(null);
    await evil.text();
    // A loopback page passes the DNS-rebinding check but is not on the CORS list.
    const local = await preflight(url, `http://localhost:${new URL(url).port}`);
    expect(local.status).to.equal(403);
    expect(((await local.json()) as { error: { message: string } }).error.message).to.match(/CORS/);
  });

  it('lets a listed origin read every answer, refusals and streams included, exposing MCP headers', async () => {
    const url = await serve({
      cors: { origins: [APP] },
      verifyToken: (token) => (token === 'ok' ? { token, clientId: 'browser', scopes: [] } : undefined),
      resourceMetadataUrl: 'https://meta.example.com/prm',
    });
    const unauthorized = await post(url, INITIALIZE, { origin: APP });
    expect(unauthorized.status).to.equal(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).to.equal(APP);
    expect(unauthorized.headers.get('access-control-expose-headers')).to.equal(
      'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Retry-After',
    );
    await unauthorized.text();
    const init = await post(url, INITIALIZE, { origin: APP, authorization: 'Bearer ok' });
    expect(init.headers.get('access-control-allow-origin')).to.equal(APP);
    assertServerMessage(await init.json(), 'initialize');
    const headers = {
      origin: APP,
      authorization: 'Bearer ok',
      'mcp-session-id': init.headers.get('mcp-session-id') as string,
      'mcp-protocol-version': '2025-11-25',
    };
    const stream = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' } });
    expect(stream.headers.get('content-type')).to.equal('text/event-stream');
    expect(stream.headers.get('access-control-allow-origin')).to.equal(APP);
    await new SseReader(stream).cancel();
  });

  it('names the origin (never *) with credentials, and * only without them', async () => {
    const withCredentials = await serve({ cors: { origins: [APP], credentials: true, maxAgeSeconds: 60 } });
    const res = await preflight(withCredentials, APP);
    expect(res.headers.get('access-control-allow-origin')).to.equal(APP);
    expect(res.headers.get('access-control-allow-credentials')).to.equal('true');
    expect(res.headers.get('access-control-max-age')).to.equal('60');
    await res.text();
    const open = await serve({ cors: { origins: '*' } });
    const any = await post(open, INITIALIZE, { origin: 'https://anyone.example' });
    expect(any.status).to.equal(200);
    expect(any.headers.get('access-control-allow-origin')).to.equal('*');
    expect(any.headers.get('access-control-allow-credentials')).to.equal(null);
    assertServerMessage(await any.json(), 'initialize');
    expect(() => createHttpHandler(createKernelApp(), { cors: { origins: '*', credentials: true } })).to.throw(RangeError, /credentials/);
  });

  it('offers only POST in stateless mode, and covers the metadata document', async () => {
    const url = await serve({
      stateless: true,
      cors: { origins: [APP] },
      protectedResource: { authorizationServers: ['https://auth.example.com'] },
    });
    const res = await preflight(url, APP);
    expect(res.headers.get('access-control-allow-methods')).to.equal('POST');
    await res.text();
    const metadata = await fetch(`${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`, { headers: { origin: APP } });
    expect(metadata.status).to.equal(200);
    expect(metadata.headers.get('access-control-allow-origin')).to.equal(APP);
    await metadata.json();
  });
});
