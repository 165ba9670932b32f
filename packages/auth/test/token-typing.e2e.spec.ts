import { expect } from 'chai';
import { AuthError, jwtVerifier, type JwtVerifierOptions } from '../src';
import { useGuardedServer } from './support/guarded-server';
import { mint, type MintOptions } from './support/keys';

/** The application (client) id of the MCP server's registration, as an Entra-style `aud`. */
const APP_CLIENT_ID = '11111111-1111-1111-1111-111111111111';

/**
 * Which JWTs pass for access tokens, through the real HTTP transport with a JWKS on 127.0.0.1:
 * RFC 9068 `at+jwt` (either spelling), the `JWT` or absent `typ` real providers use for access
 * tokens, configured `typ` values; refused: other explicit types and ID-token-shaped JWTs.
 */
describe('token typing (HTTP transport, JWKS on 127.0.0.1)', function () {
  this.timeout(20_000);
  // The verifier checks `aud` (the server's URL or a client id, as providers do); the transport's URL check stands aside.
  const rig = useGuardedServer('typing-key', false);

  function useVerifier(options: Partial<JwtVerifierOptions> = {}): void {
    rig.server.use(jwtVerifier({ issuer: rig.idp.url, audience: [rig.server.url, APP_CLIENT_ID], jwksUri: rig.idp.jwksUri, ...options }));
  }

  const token = (options: Partial<MintOptions>): Promise<string> => mint(rig.key, { iss: rig.idp.url, aud: rig.server.url, ...options });

  it('by default accepts at+jwt, application/at+jwt, JWT and no typ (access tokens of real providers)', async () => {
    useVerifier();
    for (const typ of ['at+jwt', 'application/at+jwt', 'AT+JWT', 'JWT', null])
      expect(await rig.server.status(await token({ typ })), String(typ)).to.equal(200);
    // Entra v2 access token for the app's own API: aud is the app's client id, azp the caller.
    const entra = await token({ typ: 'JWT', aud: APP_CLIENT_ID, noClientId: true, claims: { azp: 'caller-app', scp: 'notes.read' } });
    expect(await rig.server.status(entra)).to.equal(200);
    // Keycloak access token: payload typ "Bearer", azp the client, aud the resource.
    const keycloak = await token({ typ: 'JWT', noClientId: true, claims: { typ: 'Bearer', azp: 'claude' } });
    expect(await rig.server.status(keycloak)).to.equal(200);
    expect(rig.server.errors).to.deep.equal([]);
    expect(rig.idp.hits.jwks).to.equal(1);
  });

  it('by default refuses other explicit types before any rig.key is fetched', async () => {
    useVerifier();
    for (const typ of ['logout+jwt', 'dpop+jwt', 'secevent+jwt', 'id_token+jwt'])
      expect(await rig.server.status(await token({ typ })), typ).to.equal(401);
    expect(rig.idp.hits.jwks).to.equal(0);
    expect(rig.server.errors.every((error) => error instanceof AuthError && error.code === 'ARM_ERR_TOKEN_REJECTED')).to.equal(true);
    expect(rig.server.errors[0]!.message).to.contain('typ "logout+jwt"').and.to.contain('not an accepted access-token type');
  });

  it('refuses ID-token-shaped JWTs typed JWT or untyped: nonce, at_hash, c_hash, Keycloak/Cognito markers, aud = own client', async () => {
    useVerifier();
    const idTokens: [string, Partial<MintOptions>][] = [
      ['Entra-style ID token (aud = the rig.app client id, nonce)', { aud: APP_CLIENT_ID, noClientId: true, claims: { nonce: 'n-1' } }],
      ['at_hash', { typ: null, claims: { at_hash: 'x' } }],
      ['c_hash', { claims: { c_hash: 'x' }, typ: 'JWT' }],
      ['Keycloak typ ID', { typ: 'JWT', noClientId: true, claims: { typ: 'ID', azp: 'other-client' } }],
      ['Cognito token_use id', { typ: 'JWT', claims: { token_use: 'id' } }],
      ['aud = its own azp', { typ: 'JWT', aud: APP_CLIENT_ID, noClientId: true, claims: { azp: APP_CLIENT_ID } }],
      ['aud = its own client_id', { typ: null, aud: APP_CLIENT_ID, noClientId: true, claims: { client_id: APP_CLIENT_ID } }],
    ];
    for (const [what, options] of idTokens) expect(await rig.server.status(await token({ typ: 'JWT', ...options })), what).to.equal(401);
    expect(rig.server.errors).to.have.length(idTokens.length);
    for (const error of rig.server.errors) {
      expect(error.code).to.equal('ARM_ERR_TOKEN_REJECTED');
      expect(error.message).to.contain('shaped like an OpenID Connect ID token');
    }
    expect(rig.server.errors[0]!.message).to.contain('"nonce"');
    expect(rig.server.errors[5]!.message).to.contain('its audience is its own client ("azp")');
  });

  it('an explicitly typed at+jwt token is an access token whatever its claims; refuseIdTokens: false relaxes the shape check', async () => {
    useVerifier();
    expect(await rig.server.status(await token({ typ: 'at+jwt', claims: { nonce: 'n' } }))).to.equal(200);
    const shaped = await token({ typ: 'JWT', claims: { nonce: 'n' } });
    expect(await rig.server.status(shaped)).to.equal(401);
    useVerifier({ refuseIdTokens: false });
    expect(await rig.server.status(shaped)).to.equal(200);
  });

  it('typ configured: only those types pass (at+jwt matching either spelling); JWT and untyped tokens are refused', async () => {
    useVerifier({ typ: 'at+jwt' });
    expect(await rig.server.status(await token({ typ: 'application/at+jwt' }))).to.equal(200);
    expect(await rig.server.status(await token({ typ: 'at+jwt' }))).to.equal(200);
    expect(await rig.server.status(await token({ typ: 'JWT' }))).to.equal(401);
    expect(await rig.server.status(await token({ typ: null }))).to.equal(401);
    expect(rig.server.errors.map((error) => error.message)).to.satisfy((messages: string[]) =>
      messages.every((message) => message.includes('not an accepted access-token type')),
    );
    useVerifier({ typ: ['at+jwt', 'vnd.example.access+jwt'] });
    expect(await rig.server.status(await token({ typ: 'vnd.example.access+jwt' }))).to.equal(200);
    expect(() => jwtVerifier({ issuer: rig.idp.url, audience: rig.server.url, jwksUri: rig.idp.jwksUri, typ: [] })).to.throw(
      AuthError,
      /typ/,
    );
  });

  it("the Entra recipe's requiredClaims azp refuses an ID token without nonce (aud = the rig.app client id)", async () => {
    const idToken = await token({ typ: 'JWT', aud: APP_CLIENT_ID, noClientId: true, claims: { oid: 'o', tid: 't' } });
    useVerifier();
    expect(await rig.server.status(idToken)).to.equal(200); // nothing in it says ID token, for a generic verifier
    useVerifier({ requiredClaims: ['exp', 'azp'] });
    expect(await rig.server.status(idToken)).to.equal(401);
    expect(rig.server.errors.at(-1)!.message).to.contain('"azp" claim');
    const access = await token({ typ: 'JWT', aud: APP_CLIENT_ID, noClientId: true, claims: { azp: 'caller-app', scp: 'notes.read' } });
    expect(await rig.server.status(access)).to.equal(200);
  });
});
