import { expect } from 'chai';
import { Client, InsufficientScopeError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Armature } from '@armature/core';
import type { VerifyToken } from '@armature/core/internal';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { checkServerMessage } from '@armature/testing';
import { within } from '@armature/transport-fixtures';
import { jwtVerifier } from '../src';
import { createCallerApp } from './support/app';
import { IdentityProvider } from './support/identity-provider';
import { generateKey, mint, type TestKey } from './support/keys';

type Text = { content: { type: string; text: string }[] };

/** One `tools/call` POST as the client sent it and as the server answered it. */
interface Exchange {
  readonly request: Record<string, unknown>;
  readonly status: number;
  readonly challenge: string | null;
  readonly body: string;
}

/**
 * Step-up on both revisions, driven by the official SDK v2 client over real HTTP with real
 * JWTs: a token lacking a tool's scope gets the same 403 `insufficient_scope` challenge whether
 * the client speaks MCP 2026-07-28 (stateless POSTs) or 2025-11-25 (a session), and the client
 * surfaces it the same way (`InsufficientScopeError` with the scopes and the metadata URL).
 */
describe('step-up (403 insufficient_scope) on MCP 2026-07-28 and 2025-11-25, SDK v2 client', function () {
  this.timeout(20_000);
  let idp: IdentityProvider;
  let key: TestKey;
  let app: Armature;
  let http: HttpListenHandle;
  const clients: Client[] = [];

  before(async () => {
    key = await generateKey('step-up-key');
  });

  beforeEach(async () => {
    idp = await IdentityProvider.start();
    idp.jwks = { keys: [key.publicJwk] };
    app = await createCallerApp();
    let verify: VerifyToken = () => undefined;
    http = await listenHttp(app, {
      port: 0,
      verifyToken: (token, request) => verify(token, request),
      protectedResource: { authorizationServers: [idp.url], scopesSupported: ['notes:read', 'notes:admin'] },
    });
    verify = jwtVerifier({ issuer: idp.url, audience: http.url, jwksUri: idp.jwksUri });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
    await http.close(100);
    await app.close();
    await idp.close();
  });

  /** A v2 client pinned to `version`, whose `tools/call` POSTs are recorded as they went over the wire. */
  async function connect(version: '2026-07-28' | '2025-11-25', token: string): Promise<{ client: Client; calls: Exchange[] }> {
    const calls: Exchange[] = [];
    const recording: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const request = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      if (request?.method === 'tools/call' && res.headers.get('content-type')?.startsWith('application/json') === true) {
        calls.push({ request, status: res.status, challenge: res.headers.get('www-authenticate'), body: await res.clone().text() });
      }
      return res;
    };
    const transport = new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      fetch: recording,
      onInsufficientScope: 'throw',
    });
    // 2025-11-25 is the v2 client's legacy era (a session); 2026-07-28 is pinned (stateless POSTs).
    const mode = version === '2026-07-28' ? { pin: version } : ('legacy' as const);
    const client = new Client({ name: 'step-up', version: '1.0.0' }, { versionNegotiation: { mode } });
    await within(client.connect(transport), 'the v2 client connect');
    clients.push(client);
    return { client, calls };
  }

  /** What the client threw for `admin`. */
  async function refusal(client: Client): Promise<unknown> {
    return within(
      client.callTool({ name: 'admin', arguments: {} }).then(
        () => undefined,
        (error: unknown) => error,
      ),
      'the refused call',
    );
  }

  for (const version of ['2026-07-28', '2025-11-25'] as const) {
    it(`${version}: a call lacking the tool's scope → 403 with Bearer error="insufficient_scope", scope and resource_metadata; the client throws InsufficientScopeError`, async () => {
      const token = await mint(key, { iss: idp.url, aud: http.url, scope: 'notes:read' });
      const { client, calls } = await connect(version, token);
      const metadata = `${new URL(http.url).origin}/.well-known/oauth-protected-resource/mcp`;

      const error = await refusal(client);
      expect(error).to.be.instanceOf(InsufficientScopeError);
      const stepUp = error as InsufficientScopeError;
      expect(stepUp.requiredScope).to.equal('notes:read notes:admin');
      expect(String(stepUp.resourceMetadataUrl)).to.equal(metadata);

      const refused = calls.find((call) => call.status !== 200)!;
      expect(refused.status).to.equal(403);
      expect(refused.challenge).to.match(
        new RegExp(
          `^Bearer error="insufficient_scope", scope="notes:read notes:admin", resource_metadata="${metadata}", error_description="`,
        ),
      );
      // The body is the JSON-RPC error of the request's own revision.
      const body = JSON.parse(refused.body) as { error: { code: number; data: { missingScopes: string[] } } };
      expect(checkServerMessage(body, refused.request)).to.deep.equal([]);
      expect(body.error.code).to.equal(-32003);
      expect(body.error.data.missingScopes).to.deep.equal(['notes:admin']);
      if (version === '2026-07-28') expect(refused.request).to.have.nested.property('params._meta');

      // A call the token allows still goes through on the same client.
      expect(((await client.callTool({ name: 'whoami', arguments: {} })) as Text).content[0]!.text).to.equal('test-client [notes:read]');
    });
  }

  it('2026-07-28: with the scope granted, the same call is served (200)', async () => {
    const token = await mint(key, { iss: idp.url, aud: http.url, scope: 'notes:read notes:admin' });
    const { client, calls } = await connect('2026-07-28', token);
    expect(((await client.callTool({ name: 'admin', arguments: {} })) as Text).content[0]!.text).to.equal('admin done');
    expect(calls.map((call) => [call.status, call.challenge])).to.deep.equal([[200, null]]);
  });
});
