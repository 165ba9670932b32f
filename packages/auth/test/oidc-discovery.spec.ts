import { expect } from 'chai';
import { AuthError, discoverAuthorizationServer, oidcResourceServer } from '../src';
import { IdentityProvider } from './support/identity-provider';
import { generateKey, mint } from './support/keys';
import { REQUEST, thrown } from './support/request';

const RESOURCE = 'https://mcp.example.com/mcp';

describe('OIDC discovery (issuer on 127.0.0.1)', function () {
  this.timeout(20_000);
  let idp: IdentityProvider;

  beforeEach(async () => {
    idp = await IdentityProvider.start();
    idp.discovery = {
      issuer: idp.url,
      jwks_uri: idp.jwksUri,
      token_endpoint: `${idp.url}/token`,
      introspection_endpoint: `${idp.url}/introspect`,
      scopes_supported: ['openid', 'notes:read'],
    };
  });

  afterEach(async () => {
    await idp.close();
  });

  it('wires the JWKS verifier and the RFC 9728 document from the issuer metadata', async () => {
    const key = await generateKey('k1');
    idp.jwks = { keys: [key.publicJwk] };
    const server = await oidcResourceServer({
      issuer: idp.url,
      resource: RESOURCE,
      scopesSupported: ['notes:read'],
      resourceName: 'Notes',
    });
    expect(server.protectedResource).to.deep.equal({
      resource: RESOURCE,
      authorizationServers: [idp.url],
      validateAudience: true,
      scopesSupported: ['notes:read'],
      resourceName: 'Notes',
    });
    expect(server.issuerMetadata.introspection_endpoint).to.equal(`${idp.url}/introspect`);
    const info = await server.verifyToken(await mint(key, { iss: idp.url, aud: RESOURCE, scope: 'notes:read' }), REQUEST);
    expect(info!.scopes).to.deep.equal(['notes:read']);
    expect((await thrown(server.verifyToken(await mint(key, { iss: idp.url, aud: 'api://other' }), REQUEST)))!.message).to.contain('"aud"');
    expect(idp.hits.openid).to.equal(1);
  });

  it('passes the token-typing options on to its verifier', async () => {
    const key = await generateKey('k2');
    idp.jwks = { keys: [key.publicJwk] };
    const shaped = await mint(key, { iss: idp.url, aud: RESOURCE, typ: 'JWT', claims: { nonce: 'n' } });
    const strict = await oidcResourceServer({ issuer: idp.url, resource: RESOURCE });
    expect((await thrown(strict.verifyToken(shaped, REQUEST)))!.message).to.contain('ID token');
    const relaxed = await oidcResourceServer({ issuer: idp.url, resource: RESOURCE, refuseIdTokens: false });
    expect(await relaxed.verifyToken(shaped, REQUEST)).to.have.property('clientId', 'test-client');
    const typed = await oidcResourceServer({ issuer: idp.url, resource: RESOURCE, typ: 'at+jwt' });
    expect((await thrown(typed.verifyToken(await mint(key, { iss: idp.url, aud: RESOURCE, typ: 'JWT' }), REQUEST)))!.message).to.contain(
      'not an accepted access-token type',
    );
  });

  it("an API audience (not the resource URI) is the verifier's to check; the transport's resource check stands aside", async () => {
    const server = await oidcResourceServer({ issuer: idp.url, resource: RESOURCE, audience: 'api://notes' });
    expect(server.protectedResource.validateAudience).to.equal(false);
  });

  it('falls back to RFC 8414 when OIDC discovery is not found, and says what it tried', async () => {
    idp.discovery = undefined;
    const error = await thrown(discoverAuthorizationServer(idp.url));
    expect(error).to.be.instanceOf(AuthError);
    expect(error!.message)
      .to.contain('/.well-known/openid-configuration → 404')
      .and.to.contain('/.well-known/oauth-authorization-server → 404');
    expect(idp.hits).to.deep.include({ openid: 1, oauth: 1 });
  });

  it('refuses metadata that names another issuer (mix-up defence)', async () => {
    idp.discovery = { issuer: 'https://evil.example.com', jwks_uri: idp.jwksUri };
    const error = await thrown(oidcResourceServer({ issuer: idp.url, resource: RESOURCE }));
    expect(error!.code).to.equal('ARM_ERR_AUTH_BAD_DOCUMENT');
    expect(error!.message).to.contain('"https://evil.example.com", not');
  });

  it('refuses metadata without jwks_uri', async () => {
    idp.discovery = { issuer: idp.url };
    expect((await thrown(oidcResourceServer({ issuer: idp.url, resource: RESOURCE })))!.message).to.contain('no jwks_uri');
  });
});
