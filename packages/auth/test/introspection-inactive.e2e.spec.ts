import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Armature } from '@armature/core';
import { introspectionVerifier } from '../src';
import { createCallerApp } from './support/app';
import { inPool, serveGuarded, type GuardedServer } from './support/guarded-server';
import { IdentityProvider } from './support/identity-provider';

/**
 * Inactive introspection answers are cached briefly and bounded, through the real HTTP
 * transport with an introspection endpoint on 127.0.0.1 (its requests counted).
 */
describe('introspection: inactive answers cached (HTTP transport, endpoint on 127.0.0.1)', function () {
  this.timeout(20_000);
  let idp: IdentityProvider;
  let app: Armature;
  let server: GuardedServer;

  beforeEach(async () => {
    idp = await IdentityProvider.start();
    app = await createCallerApp();
    server = await serveGuarded(app, idp.url);
    idp.introspection = {
      good: { active: true, client_id: 'agent', aud: server.url, exp: Math.floor(Date.now() / 1000) + 600 },
    };
  });

  afterEach(async () => {
    await server.close();
    await app.close();
    await idp.close();
  });

  it('a refused token replayed 40 times, 2 at a time, costs 1 introspection request (default options)', async () => {
    server.use(introspectionVerifier({ endpoint: `${idp.url}/introspect` }));
    const statuses = await inPool(new Array<string>(40).fill('revoked'), 2, (token) => server.status(token));
    expect(statuses.every((status) => status === 401)).to.equal(true);
    expect(idp.hits.introspection).to.equal(1);
    expect(server.errors.every((error) => error.message.includes('not active'))).to.equal(true);
  });

  it('bounded: 20 distinct tokens cost 20 requests; with maxEntries 5 the first is asked again, the active answer is kept', async () => {
    server.use(introspectionVerifier({ endpoint: `${idp.url}/introspect`, inactiveCache: { maxEntries: 5 } }));
    expect(await server.status('good')).to.equal(200);
    const random = Array.from({ length: 20 }, () => randomBytes(24).toString('base64url'));
    for (const token of random) expect(await server.status(token)).to.equal(401);
    expect(idp.hits.introspection).to.equal(21);
    for (const token of random.slice(-5)) expect(await server.status(token)).to.equal(401);
    expect(idp.hits.introspection).to.equal(21);
    expect(await server.status(random[0]!)).to.equal(401);
    expect(idp.hits.introspection).to.equal(22);
    expect(await server.status('good')).to.equal(200);
    expect(idp.hits.introspection).to.equal(22);
  });

  it('inactiveCache: false asks every time', async () => {
    server.use(introspectionVerifier({ endpoint: `${idp.url}/introspect`, inactiveCache: false }));
    for (let i = 0; i < 3; i++) expect(await server.status('revoked')).to.equal(401);
    expect(idp.hits.introspection).to.equal(3);
  });
});
