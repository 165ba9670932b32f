import { expect } from 'chai';
import type { VerifyToken } from '@armature/core/internal';
import { AuthError, jwtVerifier } from '../src';
import { IdentityProvider } from './support/identity-provider';
import { confused, generateKey, mint, unsigned, type TestKey } from './support/keys';
import { REQUEST, thrown } from './support/request';

const AUDIENCE = 'https://mcp.example.com/mcp';

/** jwtVerifier against a real JWKS served on 127.0.0.1, keys generated here with jose. */
describe('jwtVerifier (JWKS on 127.0.0.1)', function () {
  this.timeout(20_000);
  let idp: IdentityProvider;
  let keyA: TestKey;
  let keyB: TestKey;

  before(async () => {
    keyA = await generateKey('key-a');
    keyB = await generateKey('key-b', 'ES256');
  });

  beforeEach(async () => {
    idp = await IdentityProvider.start();
    idp.jwks = { keys: [keyA.publicJwk] };
  });

  afterEach(async () => {
    await idp.close();
  });

  function verifier(options: Partial<Parameters<typeof jwtVerifier>[0]> = {}): VerifyToken {
    return jwtVerifier({ issuer: idp.url, audience: AUDIENCE, jwksUri: idp.jwksUri, ...options });
  }

  async function rejection(verify: VerifyToken, token: string): Promise<AuthError> {
    const error = await thrown(verify(token, REQUEST));
    expect(error, 'the token was accepted').to.be.instanceOf(AuthError);
    expect(error!.message).not.to.contain(token);
    expect(error!.message).not.to.contain(token.split('.')[2] || '\u0000');
    return error as AuthError;
  }

  it('accepts a valid token and maps its claims into the principal', async () => {
    const token = await mint(keyA, {
      iss: idp.url,
      aud: AUDIENCE,
      scope: 'notes:read notes:write',
      sub: 'alice',
      claims: { tenant: 'acme' },
    });
    const info = await verifier({ claims: { extra: (claims) => ({ tenant: claims.tenant }) } })(token, REQUEST);
    expect(info).to.include({ token, clientId: 'test-client' });
    expect(info!.scopes).to.deep.equal(['notes:read', 'notes:write']);
    expect(info!.extra).to.deep.include({ sub: 'alice', iss: idp.url, aud: AUDIENCE, tenant: 'acme' });
    expect(info!.expiresAt).to.be.a('number');
    expect(idp.hits.jwks).to.equal(1);
    // Cached: a second token costs no fetch.
    await verifier()(token, REQUEST);
    const verify = verifier();
    await verify(token, REQUEST);
    await verify(await mint(keyA, { iss: idp.url, aud: AUDIENCE }), REQUEST);
    expect(idp.hits.jwks).to.equal(3); // one per verifier instance, none per token
  });

  it('reads scopes from scp lists and roles through a custom mapping', async () => {
    const token = await mint(keyA, { iss: idp.url, aud: AUDIENCE, claims: { scp: ['files.read'], realm_access: { roles: ['admin'] } } });
    expect((await verifier()(token, REQUEST))!.scopes).to.deep.equal(['files.read']);
    const roles = verifier({ claims: { scopes: (claims) => (claims.realm_access as { roles: string[] }).roles } });
    expect((await roles(token, REQUEST))!.scopes).to.deep.equal(['admin']);
  });

  it('refuses an expired token, and accepts one expired within the clock skew', async () => {
    const expired = await mint(keyA, { iss: idp.url, aud: AUDIENCE, expIn: -120 });
    expect((await rejection(verifier(), expired)).message).to.contain('expired');
    const barely = await mint(keyA, { iss: idp.url, aud: AUDIENCE, expIn: -5 });
    expect(await verifier()(barely, REQUEST)).to.have.property('clientId', 'test-client');
    expect((await rejection(verifier({ clockToleranceSec: 0 }), barely)).message).to.contain('expired');
  });

  it('refuses a token not valid yet (nbf beyond the skew)', async () => {
    const early = await mint(keyA, { iss: idp.url, aud: AUDIENCE, nbfIn: 600 });
    expect((await rejection(verifier(), early)).message).to.contain('"nbf"');
  });

  it('refuses a wrong audience and a wrong issuer', async () => {
    const foreign = await mint(keyA, { iss: idp.url, aud: 'https://other.example.com/mcp' });
    expect((await rejection(verifier(), foreign)).message).to.contain('"aud" claim');
    const otherIssuer = await mint(keyA, { iss: 'https://evil.example.com', aud: AUDIENCE });
    expect((await rejection(verifier(), otherIssuer)).message).to.contain('"iss" claim');
  });

  it('refuses a token without exp', async () => {
    const j = await import('jose');
    const token = await new j.SignJWT({ client_id: 'c' })
      .setProtectedHeader({ alg: 'RS256', kid: 'key-a' })
      .setIssuer(idp.url)
      .setAudience(AUDIENCE)
      .sign(keyA.privateKey);
    expect((await rejection(verifier(), token)).message).to.contain('"exp" claim');
  });

  it('an unknown kid refetches the JWKS once, then refuses; another unknown kid within the cooldown fetches nothing', async () => {
    const verify = verifier();
    await verify(await mint(keyA, { iss: idp.url, aud: AUDIENCE }), REQUEST);
    expect(idp.hits.jwks).to.equal(1);
    const stranger = await generateKey('key-x');
    const error = await rejection(verify, await mint(stranger, { iss: idp.url, aud: AUDIENCE }));
    expect(error.code).to.equal('ARM_ERR_TOKEN_UNKNOWN_KEY');
    expect(error.message).to.contain('"key-x"').and.to.contain('after a refetch');
    expect(idp.hits.jwks).to.equal(2);
    const again = await rejection(verify, await mint(stranger, { iss: idp.url, aud: AUDIENCE, kid: 'key-y' }));
    expect(again.code).to.equal('ARM_ERR_TOKEN_UNKNOWN_KEY');
    expect(again.message).to.contain('cooldown');
    expect(idp.hits.jwks).to.equal(2);
  });

  it('follows a key rotation: a token signed with the new key refetches and passes; the retired key is refused', async () => {
    const verify = verifier({ jwks: { cooldownMs: 0 } });
    const old = await mint(keyA, { iss: idp.url, aud: AUDIENCE });
    await verify(old, REQUEST);
    idp.jwks = { keys: [keyB.publicJwk] }; // the provider rotates to an ES256 key
    const fresh = await mint(keyB, { iss: idp.url, aud: AUDIENCE, scope: 'notes:read' });
    expect((await verify(fresh, REQUEST))!.scopes).to.deep.equal(['notes:read']);
    expect(idp.hits.jwks).to.equal(2);
    expect((await rejection(verify, old)).code).to.equal('ARM_ERR_TOKEN_UNKNOWN_KEY');
    expect(idp.hits.jwks).to.equal(3);
  });

  it('refreshes keys older than maxAgeMs before use', async () => {
    const verify = verifier({ jwks: { maxAgeMs: 0 } });
    const token = await mint(keyA, { iss: idp.url, aud: AUDIENCE });
    await verify(token, REQUEST);
    await verify(token, REQUEST);
    expect(idp.hits.jwks).to.equal(2);
  });

  it('refuses alg none', async () => {
    const error = await rejection(verifier(), unsigned({ iss: idp.url, aud: AUDIENCE, client_id: 'attacker', scope: 'notes:admin' }));
    expect(error.message).to.contain('algorithm that is not allowed');
    expect(idp.hits.jwks).to.equal(0); // refused before any key is looked up
  });

  it('refuses HS/RS key confusion (HS256 signed with the RSA public key)', async () => {
    const error = await rejection(verifier(), await confused(keyA, { iss: idp.url, aud: AUDIENCE }));
    expect(error.message).to.contain('algorithm that is not allowed');
    expect(() => verifier({ algorithms: ['RS256', 'HS256'] })).to.throw(AuthError, /HS256.*key confusion/);
    expect(() => verifier({ algorithms: ['none'] })).to.throw(AuthError, /"none"/);
  });

  it('refuses a token whose signature does not verify', async () => {
    const token = await mint(keyA, { iss: idp.url, aud: AUDIENCE });
    const [header, payload] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), scope: 'notes:admin' })).toString('base64url')}.${token.split('.')[2]}`;
    expect((await rejection(verifier(), forged)).message).to.contain('signature does not verify');
  });

  it('a JWKS endpoint that hangs: the request is bounded and the error says so', async () => {
    idp.jwksMode = 'hang';
    const error = await rejection(verifier({ jwks: { timeoutMs: 300 } }), await mint(keyA, { iss: idp.url, aud: AUDIENCE }));
    expect(error.code).to.equal('ARM_ERR_AUTH_FETCH_TIMEOUT');
    expect(error.message).to.contain(`${idp.url}/jwks timed out after 300 ms`);
  });

  it('a JWKS larger than its limit, or a failing endpoint, is refused with a clear error', async () => {
    idp.jwksMode = 'huge';
    const token = await mint(keyA, { iss: idp.url, aud: AUDIENCE });
    expect((await rejection(verifier(), token)).code).to.equal('ARM_ERR_AUTH_RESPONSE_TOO_LARGE');
    idp.jwksMode = 'fail';
    const failed = await rejection(verifier(), token);
    expect(failed.code).to.equal('ARM_ERR_AUTH_FETCH_FAILED');
    expect(failed.message).to.contain('answered 500');
  });

  it('concurrent first uses share one JWKS request', async () => {
    const verify = verifier();
    const tokens = await Promise.all([1, 2, 3, 4].map((n) => mint(keyA, { iss: idp.url, aud: AUDIENCE, sub: `user-${n}` })));
    await Promise.all(tokens.map((token) => verify(token, REQUEST)));
    expect(idp.hits.jwks).to.equal(1);
  });

  it('checks its options when created', () => {
    expect(() => jwtVerifier({ issuer: idp.url, audience: AUDIENCE, jwksUri: 'http://idp.example.com/jwks' })).to.throw(AuthError, /https/);
    expect(() => jwtVerifier({ issuer: idp.url, audience: [], jwksUri: idp.jwksUri })).to.throw(AuthError, /audience/);
    expect(() => jwtVerifier({ issuer: idp.url, audience: AUDIENCE, jwksUri: idp.jwksUri, clockToleranceSec: 3600 })).to.throw(
      AuthError,
      /clockToleranceSec/,
    );
  });

  it('refuses a token that is not a JWT without fetching anything', async () => {
    expect((await rejection(verifier(), 'an-api-key')).message).to.contain('not a signed JWT');
    expect((await rejection(verifier(), 'a'.repeat(20_000))).message).to.contain('longer than');
    expect(idp.hits.jwks).to.equal(0);
  });
});
