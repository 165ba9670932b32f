import { expect } from 'chai';
import { AuthError, introspectionVerifier, type IntrospectionVerifierOptions } from '../src';
import { IdentityProvider } from './support/identity-provider';
import { REQUEST, thrown } from './support/request';

const now = (): number => Math.floor(Date.now() / 1000);

/** introspectionVerifier (RFC 7662) against an introspection endpoint on 127.0.0.1. */
describe('introspectionVerifier (endpoint on 127.0.0.1)', function () {
  this.timeout(20_000);
  let idp: IdentityProvider;

  beforeEach(async () => {
    idp = await IdentityProvider.start();
    idp.introspectionCredentials = 'mcp-server:s3cret';
    idp.introspection = {
      'active-token': {
        active: true,
        client_id: 'agent',
        scope: 'notes:read',
        sub: 'alice',
        aud: 'https://mcp.example.com/mcp',
        iss: 'https://auth.example.com',
        exp: now() + 600,
      },
      'soon-expired': { active: true, client_id: 'agent', scope: '', exp: now() - 120 },
      'no-exp': { active: true, client_id: 'agent', scope: 'a b' },
    };
  });

  afterEach(async () => {
    await idp.close();
  });

  function verifier(options: Partial<IntrospectionVerifierOptions> = {}) {
    return introspectionVerifier({ endpoint: `${idp.url}/introspect`, clientId: 'mcp-server', clientSecret: 's3cret', ...options });
  }

  it('an active token becomes the principal; the answer is cached (no second request)', async () => {
    const verify = verifier();
    const info = await verify('active-token', REQUEST);
    expect(info).to.deep.include({ token: 'active-token', clientId: 'agent', scopes: ['notes:read'] });
    expect(info!.extra).to.deep.include({ sub: 'alice', aud: 'https://mcp.example.com/mcp' });
    expect(idp.introspectionBodies).to.deep.equal(['token=active-token&token_type_hint=access_token']);
    expect(await verify('active-token', REQUEST)).to.deep.equal(info);
    expect(idp.hits.introspection).to.equal(1);
  });

  it('an inactive (or unknown) token is refused; the refusal is remembered briefly, apart from active answers', async () => {
    const verify = verifier({ cache: { maxEntries: 1 }, inactiveCache: { ttlSec: 60, maxEntries: 2 } });
    await verify('active-token', REQUEST);
    for (let i = 0; i < 3; i++) {
      const error = await thrown(verify('revoked-token', REQUEST));
      expect(error).to.be.instanceOf(AuthError);
      expect(error!.message).to.contain('not active').and.not.to.contain('revoked-token');
    }
    expect(idp.hits.introspection).to.equal(2); // one for the active token, one for the inactive one
    // Bounded: a third inactive token pushes out the least recently used; active answers stay.
    await thrown(verify('other-1', REQUEST));
    await thrown(verify('other-2', REQUEST));
    expect(idp.hits.introspection).to.equal(4);
    await thrown(verify('revoked-token', REQUEST));
    expect(idp.hits.introspection).to.equal(5);
    await verify('active-token', REQUEST);
    expect(idp.hits.introspection).to.equal(5);
  });

  it('inactiveCache: false asks about a refused token every time', async () => {
    const verify = verifier({ inactiveCache: false });
    for (let i = 0; i < 2; i++) expect((await thrown(verify('revoked-token', REQUEST)))!.message).to.contain('not active');
    expect(idp.hits.introspection).to.equal(2);
  });

  it('a refused token becomes usable once its inactive answer has aged out', async () => {
    const verify = verifier({ inactiveCache: { ttlSec: 0.2 } });
    expect((await thrown(verify('late-token', REQUEST)))!.message).to.contain('not active');
    idp.introspection['late-token'] = { active: true, client_id: 'late', exp: now() + 600 };
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await verify('late-token', REQUEST)).to.have.property('clientId', 'late');
    expect(idp.hits.introspection).to.equal(2);
  });

  it('an active answer whose exp has passed is refused', async () => {
    const error = await thrown(verifier()('soon-expired', REQUEST));
    expect(error!.message).to.contain('expired');
  });

  it('checks issuer and audience when configured', async () => {
    expect((await thrown(verifier({ issuer: 'https://other.example.com' })('active-token', REQUEST)))!.message).to.contain(
      'another issuer',
    );
    expect((await thrown(verifier({ audience: 'https://other.example.com/mcp' })('active-token', REQUEST)))!.message).to.contain(
      'not issued for this audience',
    );
    expect(
      await verifier({ issuer: 'https://auth.example.com', audience: ['x', 'https://mcp.example.com/mcp'] })('active-token', REQUEST),
    ).to.have.property('clientId', 'agent');
  });

  it('the endpoint down: refused with a clear error that names the endpoint, not the token', async () => {
    const url = idp.url;
    await idp.close();
    const error = await thrown(introspectionVerifier({ endpoint: `${url}/introspect`, timeoutMs: 2_000 })('active-token', REQUEST));
    expect(error).to.be.instanceOf(AuthError);
    expect(error!.code).to.equal('ARM_ERR_AUTH_FETCH_FAILED');
    expect(error!.message).to.contain(`${url}/introspect failed`).and.not.to.contain('active-token');
    idp = await IdentityProvider.start(); // for afterEach
  });

  it('wrong client credentials: the 401 of the endpoint is a clear error', async () => {
    const error = await thrown(verifier({ clientSecret: 'wrong' })('active-token', REQUEST));
    expect(error!.code).to.equal('ARM_ERR_AUTH_FETCH_FAILED');
    expect(error!.message).to.contain('answered 401');
  });

  it('the cache is bounded: past maxEntries the least recently used answer is asked again', async () => {
    idp.introspection.second = { active: true, client_id: 'b', exp: now() + 600 };
    const verify = verifier({ cache: { maxEntries: 1 } });
    await verify('active-token', REQUEST);
    await verify('second', REQUEST);
    await verify('active-token', REQUEST);
    expect(idp.hits.introspection).to.equal(3);
    const uncached = verifier({ cache: false });
    await uncached('no-exp', REQUEST);
    await uncached('no-exp', REQUEST);
    expect(idp.hits.introspection).to.equal(5);
  });

  it('concurrent checks of one token share one request', async () => {
    const verify = verifier();
    const results = await Promise.all([1, 2, 3].map(() => verify('no-exp', REQUEST)));
    expect(results.map((r) => r!.scopes)).to.deep.equal([
      ['a', 'b'],
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(idp.hits.introspection).to.equal(1);
  });

  it('checks its options when created', () => {
    expect(() => introspectionVerifier({ endpoint: 'http://auth.example.com/introspect' })).to.throw(AuthError, /https/);
    expect(() => introspectionVerifier({ endpoint: `${idp.url}/introspect`, clientId: 'x' })).to.throw(AuthError, /clientSecret/);
    expect(() => introspectionVerifier({ endpoint: `${idp.url}/introspect`, timeoutMs: -1 })).to.throw(AuthError, /timeoutMs/);
    expect(() => introspectionVerifier({ endpoint: `${idp.url}/introspect`, inactiveCache: { maxEntries: -1 } })).to.throw(
      AuthError,
      /inactiveCache\.maxEntries/,
    );
    expect(() => introspectionVerifier({ endpoint: `${idp.url}/introspect`, clockToleranceSec: 31 })).to.throw(AuthError, /at most 30/);
  });
});
