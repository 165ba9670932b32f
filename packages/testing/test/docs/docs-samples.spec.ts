import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMarkdownSamples, TESTING_ERROR_CODES } from '../../src';
import { REPO } from './markdown-blocks';

const PAGES = ['docs/testing.md', 'packages/testing/README.md'];

describe('docs/testing.md and the package README', () => {
  it('have ts samples that compile against the built packages (strict)', function () {
    this.timeout(120_000);
    // Inside the repository, so @armature/* resolve through the workspace node_modules.
    const { samples, diagnostics } = compileMarkdownSamples(
      PAGES.map((page) => join(REPO, page)),
      { workDir: join(REPO, 'packages/testing/dist/.docs-samples'), types: ['node', 'mocha'] },
    );
    expect(samples.length).to.be.at.least(5);
    expect(diagnostics).to.deep.equal([]);
  });

  it('name every error code of the package, and only those', () => {
    const text = readFileSync(join(REPO, 'docs/testing.md'), 'utf8');
    const codes = Object.keys(TESTING_ERROR_CODES);
    expect(
      codes.filter((code) => !text.includes(`\`${code}\``)),
      'codes missing from docs/testing.md',
    ).to.deep.equal([]);
    const mentioned = [...new Set(text.match(/ARM_ERR_[A-Z_]+/g) ?? [])];
    expect(
      mentioned.filter((code) => !codes.includes(code)),
      'docs/testing.md names unknown codes',
    ).to.deep.equal([]);
  });
});
