import { expect } from 'chai';
import { join } from 'node:path';
import {
  callTool,
  callToolText,
  createTestServer,
  ensureManifest,
  expectToolError,
  matchSurfaceSnapshot,
  type TestServer,
} from '@armature/testing';
import { TextToolsModule, type WordCount } from '../src';

const PROJECT = join(__dirname, '../..');

describe('examples/plugin-tools: TextToolsModule on its own', () => {
  let server: TestServer;

  before(async function () {
    this.timeout(60_000);
    ensureManifest(PROJECT);
    server = await createTestServer(TextToolsModule.forRoot({ maxInputLength: 50 }));
  });

  after(() => server.close());

  it('advertises its tools with schemas from its own manifest', async () => {
    const surface = await matchSurfaceSnapshot(server.client, join(PROJECT, 'test/__snapshots__/text-tools-surface.json'));
    expect(surface.tools.map((t) => t.name)).to.deep.equal(['change_case', 'count_words', 'slugify']);
    expect((surface.tools[0]?.inputSchema.properties?.to as { enum?: string[] }).enum).to.have.members(['upper', 'lower', 'title']);
  });

  it('counts, slugifies and changes case', async () => {
    expect(await callTool<WordCount>(server.client, 'count_words', { text: 'One two. Three!\nFour' })).to.deep.equal({
      words: 4,
      characters: 20,
      lines: 2,
      sentences: 2,
    });
    expect(await callToolText(server.client, 'slugify', { text: 'Crème Brûlée, à la carte' })).to.equal('creme-brulee-a-la-carte');
    expect(await callToolText(server.client, 'slugify', { text: 'a b', separator: '_' })).to.equal('a_b');
    expect(await callToolText(server.client, 'change_case', { text: 'hello wide world', to: 'title' })).to.equal('Hello Wide World');
  });

  it('applies the options given to forRoot', async () => {
    expect(await expectToolError(server.client, 'count_words', { text: 'x'.repeat(51) })).to.include('at most 50');
    expect(await expectToolError(server.client, 'change_case', { text: 'x', to: 'sideways' })).to.include('to');
  });

  it('works with the defaults when imported without forRoot', async () => {
    const plain = await createTestServer(TextToolsModule);
    try {
      expect(await callToolText(plain.client, 'change_case', { text: 'istanbul', to: 'upper' })).to.equal('ISTANBUL');
    } finally {
      await plain.close();
    }
  });
});
