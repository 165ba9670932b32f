import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { jwtVerifier, type JwksOptions } from '../src';
import { inPool, pause, useGuardedServer } from './support/guarded-server';
import { generateKey, mint, type TestKey } from './support/keys';

/**
 * The JWKS cache under outage, through the real HTTP transport with a JWKS on 127.0.0.1: a
 * failing endpoint costs one request per cooldown however many tokens (made-up `kid`s, at once
 * or one by one) arrive; failures are honoured by the cooldown; the last good keys are served
 * past `maxAgeMs` while the JWKS fails, for `maxStaleMs`; an empty key set replaces nothing.
 */
describe('JWKS cache under outage (HTTP transport, JWKS on 127.0.0.1)', function () {
  this.timeout(30_000);
  const rig = useGuardedServer('good-key');
  let stranger: TestKey;

  before(async () => {
    stranger = await generateKey('unpublished-key');
  });

  function useVerifier(jwks: JwksOptions = {}): void {
    rig.server.use(jwtVerifier({ issuer: rig.idp.url, audience: rig.server.url, jwksUri: rig.idp.jwksUri, jwks }));
  }

  const good = (): Promise<string> => mint(rig.key, { iss: rig.idp.url, aud: rig.server.url });
  const madeUp = (count: number): Promise<string[]> =>
    Promise.all(Array.from({ length: count }, () => mint(stranger, { iss: rig.idp.url, aud: rig.server.url, kid: randomUUID() })));

  for (const concurrency of [2, 1]) {
    it(`nothing cached and the JWKS answering 500: 40 made-up kids, ${concurrency} at a time, cost 1 JWKS request`, async () => {
      rig.idp.jwksMode = 'fail';
      useVerifier({ cooldownMs: 300_000 });
      const statuses = await inPool(await madeUp(40), concurrency, (token) => rig.server.status(token));
      expect(statuses.every((status) => status === 401)).to.equal(true);
      expect(rig.idp.hits.jwks).to.equal(1);
      expect(rig.server.errors).to.have.length(40);
      expect(rig.server.errors.every((error) => error.code === 'ARM_ERR_AUTH_FETCH_FAILED')).to.equal(true);
      expect(rig.server.errors[39]!.message).to.contain('answered 500').and.to.contain('next request after the cooldown');
    });
  }

  it('keys held and fresh: 40 made-up kids, 2 at a time, cost 1 refetch; the real rig.key still passes', async () => {
    useVerifier({ cooldownMs: 300_000 });
    expect(await rig.server.status(await good())).to.equal(200);
    const statuses = await inPool(await madeUp(40), 2, (token) => rig.server.status(token));
    expect(statuses.every((status) => status === 401)).to.equal(true);
    expect(rig.idp.hits.jwks).to.equal(2);
    expect(rig.server.errors.every((error) => error.code === 'ARM_ERR_TOKEN_UNKNOWN_KEY')).to.equal(true);
    expect(await rig.server.status(await good())).to.equal(200);
    expect(rig.idp.hits.jwks).to.equal(2);
  });

  it('a failed load is honoured by the cooldown: no request until it ends, even once the JWKS is back', async () => {
    rig.idp.jwksMode = 'fail';
    useVerifier({ cooldownMs: 300_000 });
    for (let i = 0; i < 5; i++) expect(await rig.server.status(await good())).to.equal(401);
    expect(rig.idp.hits.jwks).to.equal(1);
    rig.idp.jwksMode = 'serve';
    expect(await rig.server.status(await good())).to.equal(401);
    expect(rig.idp.hits.jwks).to.equal(1);
  });

  it('after the cooldown the next token fetches again, and a recovered JWKS lets it in', async () => {
    rig.idp.jwksMode = 'fail';
    useVerifier({ cooldownMs: 200 });
    expect(await rig.server.status(await good())).to.equal(401);
    expect(rig.idp.hits.jwks).to.equal(1);
    rig.idp.jwksMode = 'serve';
    await pause(300);
    expect(await rig.server.status(await good())).to.equal(200);
    expect(rig.idp.hits.jwks).to.equal(2);
  });

  it('stale-while-error: past maxAgeMs with the JWKS failing, the last good keys are served; one request per cooldown', async () => {
    useVerifier({ maxAgeMs: 0, cooldownMs: 300_000 });
    expect(await rig.server.status(await good())).to.equal(200);
    expect(rig.idp.hits.jwks).to.equal(1);
    rig.idp.jwksMode = 'fail';
    const statuses = await inPool(await Promise.all(Array.from({ length: 10 }, good)), 2, (token) => rig.server.status(token));
    expect(statuses).to.deep.equal(new Array(10).fill(200));
    expect(rig.idp.hits.jwks).to.equal(2); // the refresh that failed; then the cooldown
    const flood = await inPool(await madeUp(40), 2, (token) => rig.server.status(token));
    expect(flood.every((status) => status === 401)).to.equal(true);
    expect(rig.idp.hits.jwks).to.equal(2);
    expect(rig.server.errors.every((error) => error.code === 'ARM_ERR_TOKEN_UNKNOWN_KEY')).to.equal(true);
  });

  it('stale keys are bounded: past maxAgeMs + maxStaleMs with the JWKS failing, tokens are refused', async () => {
    useVerifier({ maxAgeMs: 0, maxStaleMs: 200, cooldownMs: 0 });
    expect(await rig.server.status(await good())).to.equal(200);
    rig.idp.jwksMode = 'fail';
    await pause(300);
    expect(await rig.server.status(await good())).to.equal(401);
    expect(rig.server.errors.map((error) => error.code)).to.deep.equal(['ARM_ERR_AUTH_FETCH_FAILED']);
    rig.idp.jwksMode = 'serve';
    expect(await rig.server.status(await good())).to.equal(200);
  });

  it('maxStaleMs: 0 refuses as soon as the keys are due and their refresh fails', async () => {
    useVerifier({ maxAgeMs: 0, maxStaleMs: 0 });
    expect(await rig.server.status(await good())).to.equal(200);
    rig.idp.jwksMode = 'fail';
    expect(await rig.server.status(await good())).to.equal(401);
    expect(rig.idp.hits.jwks).to.equal(2);
  });

  it('a valid but empty rig.key set never replaces good keys (refetch on an unknown kid, or refresh past maxAgeMs)', async () => {
    useVerifier({ cooldownMs: 0 });
    expect(await rig.server.status(await good())).to.equal(200);
    rig.idp.jwks = { keys: [] };
    const [unknown] = await madeUp(1);
    expect(await rig.server.status(unknown!)).to.equal(401);
    expect(rig.idp.hits.jwks).to.equal(2);
    expect(await rig.server.status(await good())).to.equal(200);
    expect(rig.idp.hits.jwks).to.equal(2); // still fresh: the good keys were kept
    // Past maxAgeMs: the empty answer counts as a failure, the good keys are served stale.
    useVerifier({ maxAgeMs: 0, cooldownMs: 0 });
    rig.idp.jwks = { keys: [rig.key.publicJwk] };
    expect(await rig.server.status(await good())).to.equal(200);
    rig.idp.jwks = { keys: [] };
    for (let i = 0; i < 3; i++) expect(await rig.server.status(await good())).to.equal(200);
    expect(rig.idp.hits.jwks).to.equal(6);
    expect(rig.server.errors.map((error) => error.code)).to.deep.equal(['ARM_ERR_TOKEN_UNKNOWN_KEY']);
  });

  it('an empty rig.key set with nothing cached refuses with a clear error, and is not fetched again within the cooldown', async () => {
    rig.idp.jwks = { keys: [] };
    useVerifier();
    expect(await rig.server.status(await good())).to.equal(401);
    expect(await rig.server.status(await good())).to.equal(401);
    expect(rig.idp.hits.jwks).to.equal(1);
    expect(rig.server.errors.map((error) => error.code)).to.deep.equal(['ARM_ERR_AUTH_BAD_DOCUMENT', 'ARM_ERR_AUTH_BAD_DOCUMENT']);
    expect(rig.server.errors[0]!.message).to.contain('holds no signing key');
  });
});
