import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Armature } from '@armature/core';
import type { VerifyToken } from '@armature/core/internal';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { redisScaleOut, type RedisScaleOut } from '@armature/redis';
import { sessionHeaders, within } from '@armature/transport-fixtures';
import { startRedisServer, type RedisServer } from '@armature/transport-fixtures/redis-server';
import { jwtVerifier } from '../src';
import { createCallerApp } from './support/app';
import { IdentityProvider } from './support/identity-provider';
import { generateKey, mint, type TestKey } from './support/keys';

type Text = { content: { type: string; text: string }[] };

/** One server instance: its app, endpoint, warn lines and (on Redis) its shared-state ports. */
interface Instance {
  readonly app: Armature;
  readonly http: HttpListenHandle;
  readonly warnings: string[];
  readonly scale?: RedisScaleOut;
}

/** What a refused request showed the caller: status, the challenge header and the body. */
async function seen(res: Response): Promise<{ status: number; body: string }> {
  return { status: res.status, body: await res.text() };
}

/**
 * A 2025 session belongs to its principal: issuer, subject and client id. Alice (client
 * `app-1`, subject `alice`) opens a session with the official SDK client; Eve (the same client,
 * subject `eve`, a valid token of her own) sends Alice's `Mcp-Session-Id`. Every method Eve tries
 * is answered exactly as for a session id that does not exist, Alice's session goes on, and the
 * operator gets a warning without token or session id. Real JWTs from a JWKS on 127.0.0.1,
 * real HTTP, and on two instances a real redis-server.
 */
describe('2025 sessions bound to the principal (issuer, subject, client id): JWTs, Streamable HTTP, Redis', function () {
  this.timeout(30_000);
  let idp: IdentityProvider;
  let key: TestKey;
  const instances: Instance[] = [];
  const clients: Client[] = [];
  let redis: RedisServer | undefined;
  /** Both issuers this server trusts: one JWKS, two issuer identifiers (a multi-tenant authorization server). */
  let issuers: [string, string];

  before(async () => {
    key = await generateKey('principal-key');
  });

  beforeEach(async () => {
    idp = await IdentityProvider.start();
    idp.jwks = { keys: [key.publicJwk] };
    issuers = [idp.url, `${idp.url}/tenant-b`];
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
    for (const instance of instances.splice(0)) {
      await instance.http.close(100);
      await instance.app.close({ drainMs: 0 });
      await instance.scale?.close();
    }
    await redis?.stop();
    redis = undefined;
    await idp.close();
  });

  /** An instance verifying JWTs of both issuers for its own URL (the audience), on `redisUrl` when given. */
  async function start(redisUrl?: string, audience?: string): Promise<Instance> {
    const scale = redisUrl === undefined ? undefined : redisScaleOut({ url: redisUrl, commandTimeoutMs: 2_000 });
    const app = await createCallerApp([], scale === undefined ? {} : scale.appOptions);
    const warnings: string[] = [];
    let verify: VerifyToken = () => undefined;
    const http = await listenHttp(app, {
      port: 0,
      verifyToken: (token, request) => verify(token, request),
      logger: { warn: (line) => void warnings.push(line), debug: () => undefined },
      ...(scale === undefined ? {} : scale.httpOptions),
    });
    verify = jwtVerifier({ issuer: issuers, audience: audience ?? http.url, jwksUri: idp.jwksUri });
    await scale?.ready();
    const instance: Instance = { app, http, warnings, ...(scale === undefined ? {} : { scale }) };
    instances.push(instance);
    return instance;
  }

  function token(audience: string, sub: string, iss = issuers[0]): Promise<string> {
    return mint(key, { iss, aud: audience, sub, scope: 'notes:read', claims: { client_id: 'app-1' } });
  }

  async function sdkClient(url: string, bearer: string): Promise<{ client: Client; sessionId: string }> {
    const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${bearer}` } } });
    const client = new Client({ name: 'alice', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return { client, sessionId: transport.sessionId! };
  }

  /** POST tools/call, GET the stream, DELETE: the three ways into a session, as `bearer`. */
  async function tryAll(url: string, sessionId: string, bearer: string): Promise<{ status: number; body: string }[]> {
    const auth = { authorization: `Bearer ${bearer}` };
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'whoami', arguments: {} } };
    const signal = (): AbortSignal => AbortSignal.timeout(5_000);
    return [
      await seen(
        await fetch(url, { method: 'POST', headers: sessionHeaders(sessionId, auth), body: JSON.stringify(call), signal: signal() }),
      ),
      await seen(
        await fetch(url, { method: 'GET', headers: { ...sessionHeaders(sessionId, auth), accept: 'text/event-stream' }, signal: signal() }),
      ),
      await seen(await fetch(url, { method: 'DELETE', headers: sessionHeaders(sessionId, auth), signal: signal() })),
    ];
  }

  /** What any caller gets for a session id nobody opened: the answer a foreign session must match exactly. */
  function unknownSessionAnswers(url: string, bearer: string): Promise<{ status: number; body: string }[]> {
    return tryAll(url, 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6', bearer);
  }

  async function whoami(client: Client): Promise<string> {
    return ((await within(client.callTool({ name: 'whoami', arguments: {} }), 'a call in Alice’s session')) as Text).content[0]!.text;
  }

  function expectNoTokenIn(lines: string[], tokens: string[]): void {
    const text = lines.join('\n');
    for (const bearer of tokens) for (const part of bearer.split('.')) expect(text).not.to.contain(part);
  }

  it('one instance: Eve (same client id, another subject) gets 404 for POST, GET and DELETE on Alice’s session, as for an unknown one; Alice goes on', async () => {
    const { http, warnings } = await start();
    const alice = await token(http.url, 'alice');
    const eve = await token(http.url, 'eve');
    const { client, sessionId } = await sdkClient(http.url, alice);
    expect(await whoami(client)).to.equal('app-1 [notes:read]');

    const refused = await tryAll(http.url, sessionId, eve);
    expect(refused.map((answer) => answer.status)).to.deep.equal([404, 404, 404]);
    expect(refused).to.deep.equal(await unknownSessionAnswers(http.url, eve));

    // Alice's session survived the DELETE and the GET: her client still calls, and her session id is still served.
    expect(await whoami(client)).to.equal('app-1 [notes:read]');
    const again = await fetch(http.url, {
      method: 'POST',
      headers: sessionHeaders(sessionId, { authorization: `Bearer ${alice}` }),
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }),
    });
    expect(again.status).to.equal(200);
    expect(await again.json()).to.deep.equal({ jsonrpc: '2.0', id: 9, result: {} });

    // One warning per refused request; no token in any of them.
    expect(warnings.filter((line) => line.includes('another principal'))).to.have.length(3);
    for (const method of ['POST', 'GET', 'DELETE']) expect(warnings.join('\n')).to.contain(`a ${method} named a 2025 session`);
    expectNoTokenIn(warnings, [alice, eve]);
    expect(warnings.join('\n')).not.to.contain(sessionId);
  });

  it('one instance: the same subject at another issuer is another principal (404 on POST, GET and DELETE)', async () => {
    const { http } = await start();
    const alice = await token(http.url, 'alice', issuers[0]);
    const otherAlice = await token(http.url, 'alice', issuers[1]);
    const { client, sessionId } = await sdkClient(http.url, alice);
    const refused = await tryAll(http.url, sessionId, otherAlice);
    expect(refused.map((answer) => answer.status)).to.deep.equal([404, 404, 404]);
    expect(refused).to.deep.equal(await unknownSessionAnswers(http.url, otherAlice));
    expect(await whoami(client)).to.equal('app-1 [notes:read]');
    // The other issuer's principal is served in a session of its own.
    const { client: own } = await sdkClient(http.url, otherAlice);
    expect(await whoami(own)).to.equal('app-1 [notes:read]');
  });

  it('two instances on Redis: Eve on either instance gets 404 for POST, GET and DELETE; Alice’s session is served by both', async () => {
    redis = await startRedisServer();
    const a = await start(redis.url);
    // One audience for both (behind one load balancer they are one resource): A's URL.
    const b = await start(redis.url, a.http.url);
    const alice = await token(a.http.url, 'alice');
    const eve = await token(a.http.url, 'eve');
    const { client, sessionId } = await sdkClient(a.http.url, alice);
    expect(await whoami(client)).to.equal('app-1 [notes:read]');

    // B holds no copy: Eve's requests go through the stored session (and cost no copy); A holds the live one.
    for (const instance of [b, a]) {
      const refused = await tryAll(instance.http.url, sessionId, eve);
      expect(refused.map((answer) => answer.status)).to.deep.equal([404, 404, 404]);
      expect(refused).to.deep.equal(await unknownSessionAnswers(instance.http.url, eve));
      expect(instance.warnings.filter((line) => line.includes('another principal'))).to.have.length(3);
      expectNoTokenIn(instance.warnings, [alice, eve]);
    }

    // Alice's session is still stored and live: B serves it from Redis, A through her client.
    const onB = await fetch(b.http.url, {
      method: 'POST',
      headers: sessionHeaders(sessionId, { authorization: `Bearer ${alice}` }),
      body: JSON.stringify({ jsonrpc: '2.0', id: 11, method: 'tools/call', params: { name: 'whoami', arguments: {} } }),
    });
    expect(onB.status).to.equal(200);
    expect(((await onB.json()) as { result: Text }).result.content[0]!.text).to.equal('app-1 [notes:read]');
    expect(await whoami(client)).to.equal('app-1 [notes:read]');
  });
});
