import { join } from 'node:path';
import { expect } from 'chai';
import { compileMarkdownSamples } from '@armature/testing';

const REPO = join(__dirname, '../../../..');

describe('@armature/redis documentation', () => {
  it('compiles every ts sample of the package README and docs/deploying.md (strict)', function () {
    this.timeout(120_000);
    const { samples, diagnostics } = compileMarkdownSamples([join(REPO, 'packages/redis/README.md'), join(REPO, 'docs/deploying.md')], {
      workDir: join(REPO, 'packages/redis/dist/.docs-examples'),
    });
    expect(samples.length).to.be.at.least(2);
    expect(diagnostics).to.deep.equal([]);
  });
});
