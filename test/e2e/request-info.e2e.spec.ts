import { join } from 'node:path';
import { expect } from 'chai';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import type { Armature } from '@armature/core';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { createTenantApp } from './support/tenant-app';

const HEADERS = { 'X-Tenant-Id': 'acme', Cookie: 'session=secret-cookie', Authorization: 'Bearer not-for-handlers' };
type Text = { content: { type: string; text: string }[] };

function facts(result: unknown): Record<string, unknown> {
  return JSON.parse((result as Text).content[0]!.text) as Record<string, unknown>;
}

/**
 * `ctx.requestInfo`: a tool reads the tenant header of the HTTP request that carried its call,
 * on both revisions (SDK v1 on 2025-11-25, SDK v2 pinned to 2026-07-28), never sees credentials,
 * and over stdio sees nothing.
 */
describe('ctx.requestInfo: the transport facts of a request (official SDK clients)', function () {
  this.timeout(20_000);
  let app: Armature;
  let http: HttpListenHandle;
  const closers: (() => Promise<unknown>)[] = [];

  before(async () => {
    app = await createTenantApp();
    http = await listenHttp(app, { port: 0 });
  });

  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)));
  });

  after(async () => {
    await http.close(100);
    await app.close();
  });

  const expected = { transport: 'http', method: 'POST', path: '/mcp', tenant: 'acme', cookie: null, authorization: null, frozen: true };

  it('HTTP, MCP 2025-11-25 (SDK v1 client): the tenant header, without Cookie or Authorization', async () => {
    const client = new ClientV1({ name: 'tenant-v1', version: '1.0.0' });
    await client.connect(new HttpTransportV1(new URL(http.url), { requestInit: { headers: HEADERS } }));
    closers.push(() => client.close());
    const seen = facts(await client.callTool({ name: 'tenant', arguments: {} }));
    expect(seen).to.deep.include(expected);
    expect(seen.remoteAddress).to.be.oneOf(['127.0.0.1', '::ffff:127.0.0.1']);
  });

  it('HTTP, MCP 2026-07-28 (SDK v2 client pinned): the same facts on a stateless request', async () => {
    const client = new ClientV2({ name: 'tenant-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new HttpTransportV2(new URL(http.url), { requestInit: { headers: HEADERS } }));
    closers.push(() => client.close());
    expect(client.getNegotiatedProtocolVersion()).to.equal('2026-07-28');
    const seen = facts(await client.callTool({ name: 'tenant', arguments: {} }));
    expect(seen).to.deep.include(expected);
    expect(seen.remoteAddress).to.be.oneOf(['127.0.0.1', '::ffff:127.0.0.1']);
  });

  it('stdio (SDK v1 client, real child process): no request info', async () => {
    const client = new ClientV1({ name: 'tenant-stdio', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [join(__dirname, 'support/tenant-stdio.js')], stderr: 'ignore' }),
    );
    closers.push(() => client.close());
    expect(facts(await client.callTool({ name: 'tenant', arguments: {} }))).to.deep.equal({ requestInfo: null });
  });
});
