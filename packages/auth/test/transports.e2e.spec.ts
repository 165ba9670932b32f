import { expect } from 'chai';
import { WebSocket as NodeWebSocket } from 'ws';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { Armature } from '@armature/core';
import type { VerifyToken } from '@armature/core/internal';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { listenWs, type WsServerHandle } from '@armature/ws';
import { within } from '@armature/transport-fixtures';
import { jwtVerifier } from '../src';
import { createCallerApp } from './support/app';
import { IdentityProvider } from './support/identity-provider';
import { generateKey, mint, type TestKey } from './support/keys';

type Text = { content: { type: string; text: string }[] };

/**
 * End to end: the official SDK client over Streamable HTTP and WebSocket against servers whose
 * `verifyToken` is a jwtVerifier on a JWKS served on 127.0.0.1. Errors are the spec's (401 with
 * resource_metadata, 403 insufficient_scope with the scopes), and no token reaches a log line,
 * an onError, a challenge or a body.
 */
describe('jwtVerifier end to end (official SDK client; HTTP and WebSocket)', function () {
  this.timeout(20_000);
  let idp: IdentityProvider;
  let key: TestKey;
  let app: Armature;
  const logs: string[] = [];
  const errors: Error[] = [];
  const clients: Client[] = [];
  let http: HttpListenHandle | undefined;
  let ws: WsServerHandle | undefined;
  /** Set once the server's URL (the audience) is known. */
  let verify: VerifyToken = () => undefined;
  const lateVerify: VerifyToken = (token, request) => verify(token, request);

  before(async () => {
    key = await generateKey('e2e-key');
  });

  beforeEach(async () => {
    idp = await IdentityProvider.start();
    idp.jwks = { keys: [key.publicJwk] };
    app = await createCallerApp(logs);
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
    await http?.close(100);
    await ws?.close();
    http = ws = undefined;
    await app.close();
    await idp.close();
    logs.length = 0;
    errors.length = 0;
  });

  async function serveHttp(): Promise<string> {
    http = await listenHttp(app, {
      port: 0,
      verifyToken: lateVerify,
      protectedResource: {
        authorizationServers: [idp.url],
        scopesSupported: ['notes:read', 'notes:admin'],
        challengeScopes: ['notes:read'],
      },
      onError: (error) => errors.push(error),
    });
    verify = jwtVerifier({ issuer: idp.url, audience: http.url, jwksUri: idp.jwksUri });
    return http.url;
  }

  async function sdkClient(url: string, token: string): Promise<Client> {
    const client = new Client({ name: 'jwt-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    clients.push(client);
    return client;
  }

  function post(url: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...headers,
      },
      body: JSON.stringify(body),
    });
  }

  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };

  it('HTTP: a valid JWT connects the SDK client; the principal and its scopes reach the handler and the lists', async () => {
    const url = await serveHttp();
    const client = await sdkClient(url, await mint(key, { iss: idp.url, aud: url, scope: 'notes:read' }));
    expect(((await client.callTool({ name: 'whoami', arguments: {} })) as Text).content[0]!.text).to.equal('test-client [notes:read]');
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).to.deep.equal(['tenant', 'whoami']);
  });

  it('HTTP: no token → 401 naming the metadata; expired, foreign-audience or forged → 401 invalid_token', async () => {
    const url = await serveHttp();
    const metadata = `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`;
    const none = await post(url, undefined, initialize);
    expect(none.status).to.equal(401);
    expect(none.headers.get('www-authenticate')).to.equal(`Bearer scope="notes:read", resource_metadata="${metadata}"`);
    await none.text();
    const bad = [
      await mint(key, { iss: idp.url, aud: url, expIn: -600 }),
      await mint(key, { iss: idp.url, aud: 'https://other.example.com/mcp' }),
      `${(await mint(key, { iss: idp.url, aud: url })).slice(0, -4)}AAAA`,
    ];
    for (const token of bad) {
      const res = await post(url, token, initialize);
      expect(res.status).to.equal(401);
      expect(res.headers.get('www-authenticate')).to.equal(
        `Bearer error="invalid_token", resource_metadata="${metadata}", error_description="The access token is invalid."`,
      );
      await res.text();
    }
    expect(errors.map((error) => (error as { code?: string }).code)).to.deep.equal([
      'ARM_ERR_TOKEN_REJECTED',
      'ARM_ERR_TOKEN_REJECTED',
      'ARM_ERR_TOKEN_REJECTED',
    ]);
    expect(errors[0]!.message).to.contain('expired');
    expect(errors[1]!.message).to.contain('"aud"');
    expect(errors[2]!.message).to.contain('signature');
  });

  it('HTTP: a call lacking a scope → 403 insufficient_scope with the scopes to ask for', async () => {
    const url = await serveHttp();
    const token = await mint(key, { iss: idp.url, aud: url, scope: 'notes:read' });
    const opened = await post(url, token, initialize);
    const session = opened.headers.get('mcp-session-id')!;
    await opened.text();
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    (await post(url, token, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).body?.cancel();
    const res = await post(url, token, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'admin', arguments: {} } }, headers);
    expect(res.status).to.equal(403);
    expect(res.headers.get('www-authenticate')).to.match(
      /^Bearer error="insufficient_scope", scope="notes:read notes:admin", resource_metadata="[^"]+", error_description="/,
    );
    const body = (await res.json()) as { error: { code: number; data: { missingScopes: string[] } } };
    expect(body.error.code).to.equal(-32003);
    expect(body.error.data.missingScopes).to.deep.equal(['notes:admin']);
  });

  it('no token material in logs, onError, challenges or bodies', async () => {
    const url = await serveHttp();
    const tokens = [
      await mint(key, { iss: idp.url, aud: url, expIn: -600 }),
      await mint(key, { iss: 'https://evil.example.com', aud: url }),
      `${(await mint(key, { iss: idp.url, aud: url })).slice(0, -4)}AAAA`,
    ];
    const seen: string[] = [];
    for (const token of tokens) {
      const res = await post(url, token, initialize);
      seen.push(res.headers.get('www-authenticate') ?? '', await res.text());
    }
    idp.jwksMode = 'fail';
    verify = jwtVerifier({ issuer: idp.url, audience: url, jwksUri: idp.jwksUri }); // a fresh cache: the JWKS fetch fails
    const failing = await post(url, tokens[0], initialize);
    seen.push(failing.headers.get('www-authenticate') ?? '', await failing.text());
    seen.push(...logs, ...errors.map((error) => `${error.message} ${error.stack ?? ''} ${JSON.stringify(error)}`));
    expect(errors).to.have.length(4);
    const everything = seen.join('\n');
    for (const token of tokens) {
      const [, payload, signature] = token.split('.');
      expect(everything).not.to.contain(token);
      expect(everything).not.to.contain(payload!);
      expect(everything).not.to.contain(signature!);
    }
  });

  it('WebSocket: the same verifier before the upgrade; the SDK client over WebSocket sees its principal', async () => {
    ws = await listenWs(app, {
      port: 0,
      verifyToken: lateVerify,
      protectedResource: { authorizationServers: [idp.url] },
      onError: (error) => errors.push(error),
    });
    const resource = ws.url.replace('ws://', 'http://');
    verify = jwtVerifier({ issuer: idp.url, audience: resource, jwksUri: idp.jwksUri });
    const token = await mint(key, { iss: idp.url, aud: resource, scope: 'notes:read notes:admin' });
    const client = await wsClient(ws.url, { Authorization: `Bearer ${token}`, 'X-Tenant-Id': 'acme' });
    expect(((await client.callTool({ name: 'whoami', arguments: {} })) as Text).content[0]!.text).to.equal(
      'test-client [notes:read notes:admin]',
    );
    expect(((await client.callTool({ name: 'admin', arguments: {} })) as Text).content[0]!.text).to.equal('admin done');
    expect(JSON.parse(((await client.callTool({ name: 'tenant', arguments: {} })) as Text).content[0]!.text)).to.deep.equal({
      transport: 'websocket',
      tenant: 'acme',
      authorization: null,
    });
    const refused = await within(
      wsClient(ws.url, { Authorization: `Bearer ${await mint(key, { iss: idp.url, aud: resource, expIn: -600 })}` }).then(
        () => 'connected',
        (error: unknown) => String(error),
      ),
      'the refused connect',
    );
    expect(refused).not.to.equal('connected');
    expect(errors.map((error) => (error as { code?: string }).code)).to.deep.equal(['ARM_ERR_TOKEN_REJECTED']);
  });

  /** The SDK's WebSocketClientTransport uses the global WebSocket; this one sends headers with the upgrade. */
  async function wsClient(url: string, headers: Record<string, string>): Promise<Client> {
    const scope = globalThis as { WebSocket?: unknown };
    const previous = scope.WebSocket;
    scope.WebSocket = class extends NodeWebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    };
    try {
      const client = new Client({ name: 'jwt-e2e-ws', version: '1.0.0' });
      await client.connect(new WebSocketClientTransport(new URL(url)));
      clients.push(client);
      return client;
    } finally {
      scope.WebSocket = previous;
    }
  }
});
