import { expect } from 'chai';
import type { AuthInfo } from '../../../src/context/request-context';
import { InsufficientScopeError } from '../../../src/guards/insufficient-scope.error';
import { errorResponse } from '../../../src/jsonrpc/json-rpc-errors';
import { BearerAuthenticator, insufficientScopeChallenge } from '../../../src/transport/auth/bearer.authenticator';
import { TOKEN_CLOCK_SKEW_SEC, tokenExpired } from '../../../src/transport/auth/clock-skew';
import { protectedResourceMetadataPaths, protectedResourceMetadataUrl } from '../../../src/transport/auth/protected-resource.metadata';

const RESOURCE = 'https://mcp.example.com/mcp';
const PRM = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
const principal = (extra: Partial<AuthInfo> = {}): AuthInfo => ({
  token: 'tok',
  clientId: 'c',
  scopes: ['a'],
  resource: RESOURCE,
  ...extra,
});

describe('BearerAuthenticator (shared by @armature/http and @armature/ws)', () => {
  const auth = new BearerAuthenticator({
    protectedResource: { resource: RESOURCE, authorizationServers: ['https://auth.example.com'], challengeScopes: ['a'] },
  });
  const fail = (error: unknown): never => {
    throw error;
  };

  it('derives the metadata URL and paths from the resource (RFC 9728 §3.1)', () => {
    expect(protectedResourceMetadataUrl(RESOURCE)).to.equal(PRM);
    expect(protectedResourceMetadataUrl('https://mcp.example.com/')).to.equal(
      'https://mcp.example.com/.well-known/oauth-protected-resource',
    );
    expect(protectedResourceMetadataPaths('https://mcp.example.com')).to.deep.equal(['/.well-known/oauth-protected-resource']);
    expect(auth.resourceMetadataUrl).to.equal(PRM);
    expect(auth.metadataPaths).to.deep.equal(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']);
  });

  it('challenges a request without bearer credentials, without an error code', async () => {
    for (const header of [undefined, '', 'Basic dXNlcjpwdw==', 'Bearer', 'Bearer    ', 'Bearerx tok']) {
      const outcome = await auth.authenticate(header, () => principal(), fail);
      expect(outcome, String(header)).to.deep.equal({
        ok: false,
        message: 'Unauthorized: a bearer token is required',
        challenge: `Bearer scope="a", resource_metadata="${PRM}"`,
      });
    }
  });

  it('passes the token, and only the token, to the verifier; accepts any case of the scheme', async () => {
    const seen: string[] = [];
    const outcome = await auth.authenticate('bearer  abc.DEF-_~+/==  ', (token) => (seen.push(token), principal()), fail);
    expect(seen).to.deep.equal(['abc.DEF-_~+/==']);
    expect(outcome).to.deep.equal({ ok: true, authInfo: principal() });
  });

  const refused: readonly [string, string, (token: string) => AuthInfo | undefined | Promise<AuthInfo | undefined>, RegExp][] = [
    ['rejected', 'Bearer tok', () => undefined, /invalid/],
    ['thrown at', 'Bearer tok', () => Promise.reject(new Error('down')), /invalid/],
    ['expired', 'Bearer tok', () => principal({ expiresAt: Math.floor(Date.now() / 1000) - TOKEN_CLOCK_SKEW_SEC - 10 }), /expired/],
    ['for another audience', 'Bearer tok', () => principal({ resource: 'https://evil.example.com/mcp' }), /not issued for this server/],
    ['malformed', 'Bearer a"b', () => principal(), /malformed/],
  ];
  for (const [what, header, verify, reason] of refused) {
    it(`answers invalid_token for a token ${what}`, async () => {
      const errors: unknown[] = [];
      const outcome = await auth.authenticate(header, verify, (error) => errors.push(error));
      expect(outcome.ok).to.equal(false);
      if (outcome.ok) return;
      expect(outcome.message).to.match(reason);
      expect(outcome.challenge).to.match(
        new RegExp(`^Bearer error="invalid_token", resource_metadata="${PRM}", error_description="[^"]+"$`),
      );
      expect(outcome.challenge).to.not.contain('tok"');
      expect(errors.length).to.equal(what === 'thrown at' ? 1 : 0);
    });
  }

  it('accepts a token expired within the shared clock skew, the same skew the verifiers allow on nbf', async () => {
    const tenPast = () => principal({ expiresAt: Math.floor(Date.now() / 1000) - 10 });
    expect(TOKEN_CLOCK_SKEW_SEC).to.equal(30);
    expect((await auth.authenticate('Bearer tok', tenPast, fail)).ok).to.equal(true);
    expect(tokenExpired(100, 129_000)).to.equal(false);
    expect(tokenExpired(100, 130_000)).to.equal(true);
  });

  it('accepts tokens that expire later, and any audience when validation is off', async () => {
    expect((await auth.authenticate('Bearer tok', () => principal({ expiresAt: Math.floor(Date.now() / 1000) + 60 }), fail)).ok).to.equal(
      true,
    );
    const lenient = new BearerAuthenticator({
      protectedResource: { resource: RESOURCE, authorizationServers: ['https://auth.example.com'], validateAudience: false },
    });
    expect((await lenient.authenticate('Bearer tok', () => principal({ resource: undefined }), fail)).ok).to.equal(true);
    const bare = new BearerAuthenticator({});
    expect(bare.metadataJson).to.equal(undefined);
    expect((await bare.authenticate('Bearer tok', () => principal({ resource: 'https://anything.example' }), fail)).ok).to.equal(true);
  });

  it('builds the 403 challenge from an InsufficientScopeError reply only', () => {
    const error = new InsufficientScopeError(['a', 'b'], ['a'], 'tool "x"');
    const reply = errorResponse(1, error.code, error.message, error.data);
    expect(insufficientScopeChallenge(reply, PRM)).to.equal(
      `Bearer error="insufficient_scope", scope="a b", resource_metadata="${PRM}", error_description="Insufficient scope: tool 'x' requires the scope 'b'; authorize with it and retry."`,
    );
    expect(auth.insufficientScope(reply)).to.equal(insufficientScopeChallenge(reply, PRM));
    expect(insufficientScopeChallenge(errorResponse(1, -32003, 'Forbidden'), PRM)).to.equal(undefined);
    expect(insufficientScopeChallenge({ jsonrpc: '2.0', id: 1, result: {} }, PRM)).to.equal(undefined);
  });
});
