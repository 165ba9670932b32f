import { expect } from 'chai';
import { WebSocket } from 'ws';
import type { Armature } from '@armature/core';
import { TOKEN_CLOCK_SKEW_SEC, type VerifyToken } from '@armature/core/internal';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { listenWs, type WsServerHandle } from '@armature/ws';
import { sessionHeaders, SseReader, within } from '@armature/transport-fixtures';
import { introspectionVerifier, jwtVerifier } from '../src';
import { createCallerApp } from './support/app';
import { IdentityProvider } from './support/identity-provider';
import { generateKey, mint, type TestKey } from './support/keys';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'expiry', version: '1.0.0' } },
};

/** Resolves once `reader`'s connection has ended; bounded. */
async function ended(reader: SseReader, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!reader.ended) {
    if (Date.now() >= deadline) throw new Error(`timed out after ${ms} ms waiting for ${what} to end`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A WebSocket with the `mcp` subprotocol and a bearer token, open; its close code and reason once closed. */
async function openSocket(url: string, token: string): Promise<{ socket: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const socket = new WebSocket(url, 'mcp', { headers: { authorization: `Bearer ${token}` } });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await within(new Promise<void>((resolve, reject) => (socket.once('open', () => resolve()), socket.once('error', reject))), 'the upgrade');
  return { socket, closed };
}

/** Sends one request on `socket` and resolves with its answer; bounded. */
function ask(socket: WebSocket, message: { id: number } & Record<string, unknown>): Promise<Record<string, unknown>> {
  return within(
    new Promise((resolve) => {
      const onMessage = (data: Buffer): void => {
        const parsed = JSON.parse(data.toString()) as Record<string, unknown>;
        if (parsed.id === message.id) {
          socket.off('message', onMessage);
          resolve(parsed);
        }
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify(message));
    }),
    `the answer to ${String(message.method)}`,
  );
}

/**
 * Long-lived connections do not outlive their token: a WebSocket is closed with 1008 when its
 * JWT expires (or, for an introspected token without `exp`, once a re-verification finds it
 * revoked); a 2025 GET stream and a 2026 listen stream end at expiry, and the client's return
 * with the same token is refused 401. Real JWTs and introspection from an identity provider on
 * 127.0.0.1, short-lived tokens (2–3 s), bounded waits, no timing assertions.
 */
describe('token expiry on long-lived connections (WebSocket, 2025 GET stream, 2026 listen stream)', function () {
  this.timeout(30_000);
  let idp: IdentityProvider;
  let key: TestKey;
  let app: Armature;
  let http: HttpListenHandle | undefined;
  let ws: WsServerHandle | undefined;
  const sockets: WebSocket[] = [];
  const readers: SseReader[] = [];

  before(async () => {
    key = await generateKey('expiry-key');
  });

  beforeEach(async () => {
    idp = await IdentityProvider.start();
    idp.jwks = { keys: [key.publicJwk] };
    app = await createCallerApp();
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    for (const reader of readers.splice(0)) await reader.cancel();
    await http?.close(100);
    await ws?.close(0);
    http = ws = undefined;
    await app.close();
    await idp.close();
  });

  async function serveWs(verifier: (audience: string) => VerifyToken, reverifyTokenMs?: number): Promise<string> {
    let verify: VerifyToken = () => undefined;
    ws = await listenWs(app, {
      port: 0,
      verifyToken: (token, request) => verify(token, request),
      protectedResource: { authorizationServers: [idp.url] },
      ...(reverifyTokenMs === undefined ? {} : { reverifyTokenMs }),
    });
    const audience = ws.url.replace('ws://', 'http://');
    verify = verifier(audience);
    return audience;
  }

  async function serveHttp(
    verifier: (audience: string) => VerifyToken = (aud) => jwtVerifier({ issuer: idp.url, audience: aud, jwksUri: idp.jwksUri }),
    reverifyTokenMs?: number,
  ): Promise<string> {
    let verify: VerifyToken = () => undefined;
    http = await listenHttp(app, {
      port: 0,
      verifyToken: (token, request) => verify(token, request),
      protectedResource: { authorizationServers: [idp.url] },
      ...(reverifyTokenMs === undefined ? {} : { reverifyTokenMs }),
    });
    verify = verifier(http.url);
    return http.url;
  }

  /** initialize + notifications/initialized with `token`; the session id. */
  async function openSession(url: string, token: string): Promise<string> {
    const auth = { authorization: `Bearer ${token}` };
    const opened = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth },
      body: JSON.stringify(INITIALIZE),
    });
    const sessionId = opened.headers.get('mcp-session-id')!;
    await opened.text();
    await (
      await fetch(url, {
        method: 'POST',
        headers: sessionHeaders(sessionId, auth),
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      })
    ).text();
    return sessionId;
  }

  it('WebSocket: a JWT that expires closes the socket with 1008 at expiry; the socket served until then', async () => {
    const audience = await serveWs((aud) => jwtVerifier({ issuer: idp.url, audience: aud, jwksUri: idp.jwksUri }));
    const token = await mint(key, { iss: idp.url, aud: audience, expIn: 2 - TOKEN_CLOCK_SKEW_SEC });
    const { socket, closed } = await openSocket(ws!.url, token);
    sockets.push(socket);
    const answer = await ask(socket, INITIALIZE);
    expect(answer).to.have.nested.property('result.protocolVersion', '2025-11-25');
    const close = await within(closed, 'the close at token expiry', 10_000);
    expect(close).to.deep.equal({ code: 1008, reason: 'The access token expired; reconnect with a fresh one' });
    // The same token cannot open another socket.
    const again = await within(
      openSocket(ws!.url, token).then(
        (opened) => (sockets.push(opened.socket), 'opened'),
        (error: unknown) => String(error),
      ),
      'the refused upgrade',
    );
    expect(again).to.contain('401');
  });

  it('WebSocket: an introspected token without exp is verified again every reverifyTokenMs; revoked, the socket closes with 1008', async () => {
    const audience = await serveWs(() => introspectionVerifier({ endpoint: `${idp.url}/introspect`, cache: false }), 200);
    const token = 'opaque-token-without-exp';
    idp.introspection[token] = { active: true, client_id: 'app-1', sub: 'alice', scope: 'notes:read', aud: audience };
    const { socket, closed } = await openSocket(ws!.url, token);
    sockets.push(socket);
    expect(await ask(socket, INITIALIZE)).to.have.nested.property('result.protocolVersion', '2025-11-25');
    // Still active: re-verifications pass and the socket keeps serving.
    const before = idp.hits.introspection;
    const deadline = Date.now() + 10_000;
    while (idp.hits.introspection < before + 2) {
      if (Date.now() >= deadline) throw new Error('no re-verification within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await ask(socket, { jsonrpc: '2.0', id: 2, method: 'ping' })).to.deep.equal({ jsonrpc: '2.0', id: 2, result: {} });
    idp.introspection[token] = { active: false };
    const close = await within(closed, 'the close after revocation', 10_000);
    expect(close).to.deep.equal({ code: 1008, reason: 'The access token is no longer accepted; reconnect with a fresh one' });
  });

  it('2025 GET stream: ends at the token’s expiry; the client’s return with the same token is refused 401 invalid_token', async () => {
    const url = await serveHttp();
    const token = await mint(key, { iss: idp.url, aud: url, expIn: 3 - TOKEN_CLOCK_SKEW_SEC });
    const auth = { authorization: `Bearer ${token}` };
    const sessionId = await openSession(url, token);
    const get = await fetch(url, { method: 'GET', headers: { ...sessionHeaders(sessionId, auth), accept: 'text/event-stream' } });
    expect(get.status).to.equal(200);
    const reader = new SseReader(get, INITIALIZE);
    readers.push(reader);
    await ended(reader, 'the GET stream');
    expect(reader.violations).to.deep.equal([]);
    const back = await fetch(url, { method: 'GET', headers: { ...sessionHeaders(sessionId, auth), accept: 'text/event-stream' } });
    expect(back.status).to.equal(401);
    expect(back.headers.get('www-authenticate')).to.match(/^Bearer error="invalid_token"/);
    await back.text();
  });

  it('2025 GET stream: an introspected token without exp, revoked while the stream is open, ends it at the next re-verification', async () => {
    const url = await serveHttp(() => introspectionVerifier({ endpoint: `${idp.url}/introspect`, cache: false }), 200);
    const token = 'opaque-get-token';
    idp.introspection[token] = { active: true, client_id: 'app-1', sub: 'alice', scope: 'notes:read', aud: url };
    const sessionId = await openSession(url, token);
    const headers = { ...sessionHeaders(sessionId, { authorization: `Bearer ${token}` }), accept: 'text/event-stream' };
    const get = await fetch(url, { method: 'GET', headers });
    expect(get.status).to.equal(200);
    const reader = new SseReader(get, INITIALIZE);
    readers.push(reader);
    idp.introspection[token] = { active: false };
    await ended(reader, 'the GET stream');
    expect(reader.violations).to.deep.equal([]);
    const back = await fetch(url, { method: 'GET', headers });
    expect(back.status).to.equal(401);
    await back.text();
  });

  it('2026 listen stream: ends at the token’s expiry with its SubscriptionsListenResult (a clean end)', async () => {
    const url = await serveHttp();
    const token = await mint(key, { iss: idp.url, aud: url, expIn: 3 - TOKEN_CLOCK_SKEW_SEC });
    const request = {
      jsonrpc: '2.0',
      id: 'listen-1',
      method: 'subscriptions/listen',
      params: {
        notifications: { toolsListChanged: true },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'expiry', version: '1.0.0' },
        },
      },
    };
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'subscriptions/listen',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(request),
    });
    expect(res.status).to.equal(200);
    const reader = new SseReader(res, request);
    readers.push(reader);
    await reader.until((event) => event.data.includes('notifications/subscriptions/acknowledged'));
    await ended(reader, 'the listen stream');
    expect(reader.violations).to.deep.equal([]);
    const last = reader.messages.at(-1)!;
    expect(last.id).to.equal('listen-1');
    expect(last).to.have.nested.property('result.resultType', 'complete');
  });
});
