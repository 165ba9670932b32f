import { expect } from 'chai';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Armature, AuthInfo } from '@armature/core';
import type { VerifyToken } from '../src';
import { createAuthApp } from './support/auth-app';
import { TestAuthorizationServer } from './support/authorization-server';
import { AutoConsentProvider } from './support/auto-consent.provider';
import { within } from '@armature/transport-fixtures';
import { Opened } from './support/servers';

/**
 * The MCP 2025-11-25 authorization flow with the official SDK client as a real peer: a 401 names
 * the protected-resource metadata, the client discovers the authorization server and asks for
 * the scope the challenge names, for this server as the audience (RFC 8707); lists show what the
 * token allows; a 403 insufficient_scope sends the client back for more (step-up).
 */
describe('OAuth with the official SDK client (authorization code + PKCE)', function () {
  this.timeout(20_000);
  const opened = new Opened();
  let as: TestAuthorizationServer;
  let app: Armature;

  beforeEach(async () => {
    as = await TestAuthorizationServer.start();
    app = await createAuthApp();
  });

  afterEach(async () => {
    await opened.closeAll();
    await app.close();
    await as.close();
  });

  const verifyToken: VerifyToken = (token) => {
    const claims = as.verify(token);
    if (claims === undefined) return undefined;
    const info: AuthInfo = {
      token,
      clientId: claims.client_id,
      scopes: claims.scope.split(' ').filter(Boolean),
      expiresAt: claims.exp,
      resource: claims.aud,
    };
    return info;
  };

  async function serve(): Promise<string> {
    const handle = await opened.listen(app, {
      verifyToken,
      protectedResource: {
        authorizationServers: [as.url],
        scopesSupported: ['notes:read', 'notes:write'],
        challengeScopes: ['notes:read'],
        resourceName: 'Notes',
      },
    });
    return handle.url;
  }

  /** First contact: the 401 sends the client through discovery to the consent step; the code is exchanged. */
  async function authorize(url: string, provider: AutoConsentProvider): Promise<void> {
    const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
    const client = new Client({ name: 'first-contact', version: '1.0.0' });
    const refused = await within(
      client.connect(transport).then(
        () => undefined,
        (error: unknown) => error,
      ),
      'the first connect',
    );
    expect(refused).to.be.instanceOf(UnauthorizedError);
    await transport.finishAuth(provider.takeCode());
    await client.close();
  }

  it('discovers the authorization server from the 401, asks for the challenged scope for this resource, and connects', async () => {
    const url = await serve();
    const provider = new AutoConsentProvider('notes-agent');
    await authorize(url, provider);
    expect(as.authorizations).to.deep.equal([{ clientId: 'notes-agent', scope: 'notes:read', resource: url }]);
    const { client } = await opened.checkedClient(url, { authProvider: provider });
    const who = await client.callTool({ name: 'whoami', arguments: {} });
    expect(who.content).to.deep.equal([{ type: 'text', text: 'handler: notes-agent; provider: notes-agent [notes:read]' }]);
  });

  it('lists only the tools the token allows, and steps up after 403 insufficient_scope', async () => {
    const url = await serve();
    const provider = new AutoConsentProvider('notes-agent');
    await authorize(url, provider);
    const { client, transport } = await opened.checkedClient(url, { authProvider: provider });
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).to.deep.equal(['audit', 'search', 'whoami']);
    // `remove` needs notes:write: 403 with scope="notes:read notes:write" sends the client back
    // to the authorization server for both scopes (keeping what it had), on the same session.
    const refused = await within(
      client.callTool({ name: 'remove', arguments: { id: 'n1' } }).then(
        () => undefined,
        (error: unknown) => error,
      ),
      'the refused call',
    );
    expect(refused).to.be.instanceOf(UnauthorizedError);
    expect(as.authorizations.map((request) => request.scope)).to.deep.equal(['notes:read', 'notes:read notes:write']);
    expect(as.authorizations.every((request) => request.resource === url)).to.equal(true);
    await transport.finishAuth(provider.takeCode());
    const removed = await client.callTool({ name: 'remove', arguments: { id: 'n1' } });
    expect(removed.content).to.deep.equal([{ type: 'text', text: 'removed n1' }]);
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).to.deep.equal(['audit', 'remove', 'search', 'whoami']);
  });
});
