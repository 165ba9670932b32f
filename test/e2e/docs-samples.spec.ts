import { expect } from 'chai';
import { join } from 'node:path';
import { compileMarkdownSamples } from '@armature/testing';

// Pages whose samples no package's own docs test compiles (the others are compiled next to the
// code they describe: core, http, schema, testing).
const REPO = join(__dirname, '../../..');
const PAGES = ['di.md', 'cli.md', 'publishing.md', 'openapi.md'];

describe('docs pages without a package of their own: every ts sample compiles', () => {
  it('compiles di.md, cli.md, publishing.md and openapi.md against the built packages (strict)', function () {
    this.timeout(120_000);
    // Inside the repository, so `@armature/*` resolve through the workspace node_modules.
    const { samples, diagnostics } = compileMarkdownSamples(
      PAGES.map((page) => join(REPO, 'docs', page)),
      { workDir: join(REPO, 'test/dist/.docs-examples') },
    );
    expect(samples.length).to.be.at.least(PAGES.length);
    expect(diagnostics).to.deep.equal([]);
  });
});
