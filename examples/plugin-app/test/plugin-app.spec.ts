import { expect } from 'chai';
import { join } from 'node:path';
import {
  callTool,
  callToolText,
  createTestServer,
  ensureManifest,
  expectToolError,
  matchSurfaceSnapshot,
  override,
  type TestServer,
} from '@armature/testing';
import { TextStats, type WordCount } from '@armature-examples/plugin-tools';
import { AppModule } from '../src/app.module';
import type { DraftReport } from '../src/editor.handlers';

const PROJECT = join(__dirname, '../..');

describe('examples/plugin-app: an app importing the plugin package', () => {
  let server: TestServer;

  before(async function () {
    this.timeout(120_000);
    // Each package has its own manifest: the plugin's ships with it, the app's covers the app only.
    ensureManifest(join(PROJECT, '../plugin-tools'));
    ensureManifest(PROJECT);
    server = await createTestServer(AppModule);
  });

  after(() => server.close());

  it('serves the plugin tools under its mount prefix next to its own, each with its schema', async () => {
    const surface = await matchSurfaceSnapshot(server.client, join(PROJECT, 'test/__snapshots__/plugin-app-surface.json'));
    expect(surface.tools.map((t) => t.name)).to.deep.equal(['review_draft', 'text_change_case', 'text_count_words', 'text_slugify']);
    const review = surface.tools.find((t) => t.name === 'review_draft');
    // WordCount comes from the plugin package's types, inlined into the app's output schema.
    expect(review?.outputSchema?.properties?.counts).to.deep.include({ type: 'object' });
  });

  it('configures the plugin through forRoot (Turkish case rules, a length limit)', async () => {
    expect(await callToolText(server.client, 'text_change_case', { text: 'istanbul', to: 'upper' })).to.equal('İSTANBUL');
    expect(await expectToolError(server.client, 'text_slugify', { text: 'x'.repeat(20_001) })).to.include('at most 20000');
  });

  it('uses the service the plugin exports in its own handlers', async () => {
    const draft = 'Short one. This sentence, on the other hand, goes on and on for rather more words than a reader would like!';
    const report = await callTool<DraftReport>(server.client, 'review_draft', { draft, maxWords: 10 });
    expect(report.counts).to.deep.include({ words: 21, sentences: 2 });
    expect(report.readingMinutes).to.equal(1);
    expect(report.longSentences).to.have.length(1);
  });

  it('lets a test replace a provider of the imported plugin module', async () => {
    class FixedStats extends TextStats {
      override count(): WordCount {
        return { words: 1000, characters: 0, lines: 0, sentences: 0 };
      }
    }
    const faked = await createTestServer(AppModule, { overrides: [override(TextStats).useClass(FixedStats)] });
    try {
      const report = await callTool<DraftReport>(faked.client, 'review_draft', { draft: 'anything' });
      expect(report.readingMinutes).to.equal(5);
      expect(await callTool<WordCount>(faked.client, 'text_count_words', { text: 'a' })).to.deep.include({ words: 1000 });
    } finally {
      await faked.close();
    }
  });
});
