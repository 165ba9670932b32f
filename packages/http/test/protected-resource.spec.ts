import { expect } from 'chai';
import { OAuthProtectedResourceMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { createHttpHandler, type HttpHandler } from '../src';
import { createKernelApp } from './support/kernel-app';
import { rawRequest } from './support/raw-http';
import { Opened } from './support/servers';

const AUTH_SERVER = 'https://auth.example.com';

describe('RFC 9728 protected-resource metadata', () => {
  const opened = new Opened();
  let mounted: HttpHandler | undefined;
  afterEach(async () => {
    await opened.closeAll();
    await mounted?.close(10);
    mounted = undefined;
  });

  async function serve(resource?: string): Promise<string> {
    const handle = await opened.listen(createKernelApp(), {
      verifyToken: () => undefined,
      protectedResource: {
        resource,
        authorizationServers: [AUTH_SERVER],
        scopesSupported: ['notes:read', 'notes:write'],
        resourceName: 'Notes',
        resourceDocumentation: 'https://docs.example.com/notes',
      },
    });
    return handle.url;
  }

  it('serves the document at the path-suffixed and the root well-known paths, without a token', async () => {
    const url = await serve();
    const origin = new URL(url).origin;
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/json');
      const document = (await res.json()) as unknown;
      // The official SDK's schema for the document (what its client parses).
      expect(OAuthProtectedResourceMetadataSchema.safeParse(document).success).to.equal(true);
      expect(document).to.deep.equal({
        resource: url,
        authorization_servers: [AUTH_SERVER],
        bearer_methods_supported: ['header'],
        scopes_supported: ['notes:read', 'notes:write'],
        resource_name: 'Notes',
        resource_documentation: 'https://docs.example.com/notes',
      });
    }
  });

  it('follows a configured resource: its path names the suffixed path, its URL the audience', async () => {
    const url = await serve('https://mcp.example.com/tenants/a/mcp');
    const origin = new URL(url).origin;
    const res = await fetch(`${origin}/.well-known/oauth-protected-resource/tenants/a/mcp`);
    expect(((await res.json()) as { resource: string }).resource).to.equal('https://mcp.example.com/tenants/a/mcp');
    const challenge = await fetch(url, { method: 'POST' });
    await challenge.text();
    expect(challenge.headers.get('www-authenticate')).to.equal(
      'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/tenants/a/mcp"',
    );
  });

  it('answers other methods 405, other well-known paths 404, and checks Host first', async () => {
    const url = await serve();
    const origin = new URL(url).origin;
    const post = await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`, { method: 'POST' });
    expect(post.status).to.equal(405);
    expect(post.headers.get('allow')).to.equal('GET, HEAD');
    await post.text();
    const head = await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`, { method: 'HEAD' });
    expect(head.status).to.equal(200);
    const other = await fetch(`${origin}/.well-known/oauth-protected-resource/other`);
    expect(other.status).to.equal(404);
    await other.text();
    const rebound = await rawRequest(`${origin}/.well-known/oauth-protected-resource/mcp`, {
      method: 'GET',
      headers: { host: 'evil.example.com' },
    });
    expect(rebound.status).to.equal(403);
  });

  it('is served by a mounted handler too, which must be told its resource', async () => {
    expect(() => createHttpHandler(createKernelApp(), { protectedResource: { authorizationServers: [AUTH_SERVER] } })).to.throw(
      RangeError,
      /resource is required/,
    );
    mounted = createHttpHandler(createKernelApp(), {
      protectedResource: { resource: 'http://127.0.0.1/mcp', authorizationServers: [AUTH_SERVER] },
    });
    expect(mounted.metadataPaths).to.deep.equal(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']);
    const res = await mounted.fetch(new Request('http://127.0.0.1/.well-known/oauth-protected-resource'));
    expect(res.status).to.equal(200);
    expect(((await res.json()) as { resource: string }).resource).to.equal('http://127.0.0.1/mcp');
    expect(createHttpHandler(createKernelApp()).metadataPaths).to.deep.equal([]);
  });

  it('refuses nonsense options when the handler is created', () => {
    const create = (protectedResource: object) => () =>
      createHttpHandler(createKernelApp(), {
        protectedResource: { resource: 'http://127.0.0.1/mcp', authorizationServers: [AUTH_SERVER], ...protectedResource },
      });
    expect(create({ authorizationServers: [] })).to.throw(RangeError, /at least one/);
    expect(create({ authorizationServers: ['not a url'] })).to.throw(RangeError, /not an absolute URL/);
    expect(create({ scopesSupported: ['two words'] })).to.throw(RangeError, /scope token/);
    expect(create({ resource: 'mcp.example.com' })).to.throw(RangeError, /absolute URI/);
    expect(create({ resource: 'https://mcp.example.com/mcp?tenant=a' })).to.throw(RangeError, /without query/);
  });
});
