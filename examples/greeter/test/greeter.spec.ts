import { expect } from 'chai';
import { join } from 'node:path';
import { callToolText, createTestServer, type TestServer } from '@armature/testing';
import { connectHint, GreeterModule } from '../src';
import { ensureGreeterManifest, expectGreeterTools, GREETER_PACKAGE_DIR } from '../src/testing';

describe('examples/greeter: the module the mounting examples share', () => {
  let server: TestServer;

  before(async function () {
    this.timeout(60_000);
    expect(ensureGreeterManifest()).to.equal(join(GREETER_PACKAGE_DIR, 'dist/armature.manifest.json'));
    server = await createTestServer(GreeterModule);
  });

  after(() => server.close());

  it('passes the checks every mounting example runs over HTTP (here in memory)', async () => {
    await expectGreeterTools(server.client);
  });

  it('keeps countdown between 1 and 10', async () => {
    expect(await callToolText(server.client, 'countdown', { from: 99 })).to.equal('Counted down from 10.');
    expect(await callToolText(server.client, 'countdown', { from: 0 })).to.equal('Counted down from 1.');
  });

  it('tells how to connect to a mounted server', () => {
    const hint = connectHint('express 5', 'http://127.0.0.1:3000/mcp');
    expect(hint).to.match(/^Greeter MCP server \(express 5\) at http:\/\/127\.0\.0\.1:3000\/mcp\n/);
    expect(hint).to.include("new StreamableHTTPClientTransport(new URL('http://127.0.0.1:3000/mcp'))");
  });
});
