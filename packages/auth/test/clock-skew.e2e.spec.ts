import { expect } from 'chai';
import { TOKEN_CLOCK_SKEW_SEC } from '@armature/core/internal';
import { DEFAULT_CLOCK_TOLERANCE_SEC, INTROSPECTION_DEFAULTS, introspectionVerifier, jwtVerifier } from '../src';
import { useGuardedServer } from './support/guarded-server';
import { mint } from './support/keys';

const now = (): number => Math.floor(Date.now() / 1000);

/**
 * One clock skew (30 s), on both sides of a token's validity, through the real HTTP transport:
 * the transport's own expiry check, the JWT verifier and introspection agree.
 */
describe('clock skew on exp and nbf (HTTP transport, JWKS and introspection on 127.0.0.1)', function () {
  this.timeout(20_000);
  const rig = useGuardedServer('skew-key');

  it('is one value: the transport, the JWT verifier and introspection use 30 s', () => {
    expect(TOKEN_CLOCK_SKEW_SEC).to.equal(30);
    expect(DEFAULT_CLOCK_TOLERANCE_SEC).to.equal(TOKEN_CLOCK_SKEW_SEC);
    expect(INTROSPECTION_DEFAULTS.clockToleranceSec).to.equal(TOKEN_CLOCK_SKEW_SEC);
  });

  it('JWT: 10 s past exp is accepted, 40 s past refused; nbf 10 s ahead accepted, 40 s ahead refused', async () => {
    rig.server.use(jwtVerifier({ issuer: rig.idp.url, audience: rig.server.url, jwksUri: rig.idp.jwksUri }));
    const at = (options: { expIn?: number; nbfIn?: number }) => mint(rig.key, { iss: rig.idp.url, aud: rig.server.url, ...options });
    expect(await rig.server.status(await at({ expIn: -10 }))).to.equal(200);
    expect(await rig.server.status(await at({ expIn: -40 }))).to.equal(401);
    expect(await rig.server.status(await at({ nbfIn: 10 }))).to.equal(200);
    expect(await rig.server.status(await at({ nbfIn: 40 }))).to.equal(401);
    expect(rig.server.errors.map((error) => error.message)).to.satisfy(
      ([expired, early]: string[]) => expired!.includes('expired') && early!.includes('"nbf"'),
    );
  });

  it('JWT with clockToleranceSec: 0 is strict on both sides; a skew wider than the transport allows is refused at creation', async () => {
    rig.server.use(jwtVerifier({ issuer: rig.idp.url, audience: rig.server.url, jwksUri: rig.idp.jwksUri, clockToleranceSec: 0 }));
    expect(await rig.server.status(await mint(rig.key, { iss: rig.idp.url, aud: rig.server.url, expIn: -10 }))).to.equal(401);
    expect(await rig.server.status(await mint(rig.key, { iss: rig.idp.url, aud: rig.server.url, nbfIn: 10 }))).to.equal(401);
    expect(() => jwtVerifier({ issuer: rig.idp.url, audience: rig.server.url, jwksUri: rig.idp.jwksUri, clockToleranceSec: 60 })).to.throw(
      /at most 30|between 0 and 30/,
    );
  });

  it("the transport's own check: a custom verifier's principal 10 s past expiresAt is served, 40 s past is 401 expired", async () => {
    rig.server.use((token) => ({
      token,
      clientId: 'custom',
      scopes: [],
      resource: rig.server.url,
      expiresAt: now() - Number(token.slice(5)),
    }));
    expect(await rig.server.status('past-10')).to.equal(200);
    expect(await rig.server.status('past-40')).to.equal(401);
    const res = await fetch(rig.server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer past-40' },
      body: '{}',
    });
    expect(res.headers.get('www-authenticate')).to.contain('The access token has expired.');
    await res.text();
  });

  it('introspection: an active answer 10 s past exp is accepted, 40 s past refused; nbf likewise', async () => {
    rig.idp.introspection = {
      'exp-10': { active: true, client_id: 'a', aud: rig.server.url, exp: now() - 10 },
      'exp-40': { active: true, client_id: 'a', aud: rig.server.url, exp: now() - 40 },
      'nbf-10': { active: true, client_id: 'a', aud: rig.server.url, exp: now() + 600, nbf: now() + 10 },
      'nbf-40': { active: true, client_id: 'a', aud: rig.server.url, exp: now() + 600, nbf: now() + 40 },
    };
    rig.server.use(introspectionVerifier({ endpoint: `${rig.idp.url}/introspect` }));
    expect(await rig.server.status('exp-10')).to.equal(200);
    expect(await rig.server.status('exp-40')).to.equal(401);
    expect(await rig.server.status('nbf-10')).to.equal(200);
    expect(await rig.server.status('nbf-40')).to.equal(401);
  });
});
