import { expect } from 'chai';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ensureManifest } from '@armature/testing';

describe('examples/notes as a stdio child process', () => {
  before(function () {
    this.timeout(60_000);
    ensureManifest(join(__dirname, '../..'));
  });

  it('serves the official SDK client over stdio and exits when stdin closes', async function () {
    this.timeout(30_000);
    const transport = new StdioClientTransport({ command: process.execPath, args: [join(__dirname, '../src/main.js')], stderr: 'pipe' });
    const client = new Client({ name: 'notes-stdio-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).to.deep.include({ name: 'armature-notes', title: 'Notes' });
      const result = await client.callTool({ name: 'search', arguments: { query: 'welcome' } });
      expect((result.structuredContent as { result: { id: string }[] }).result.map((n) => n.id)).to.deep.equal(['n1']);
    } finally {
      const exited = new Promise<number | null>((resolve) => {
        const child = (transport as unknown as { _process?: { once(e: 'exit', f: (code: number | null) => void): void } })._process;
        if (!child) resolve(null);
        else child.once('exit', resolve);
      });
      await client.close();
      expect(await exited).to.equal(0);
    }
  });
});
