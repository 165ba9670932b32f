import { expect } from 'chai';
import { join } from 'node:path';
import { compileMarkdownSamples } from '@armature/testing';

const REPO = join(__dirname, '../../../..');

describe('@armature/proxy documentation', () => {
  it('compiles every ts example of docs/proxy.md and the package README (strict)', function () {
    this.timeout(120_000);
    const { samples, diagnostics } = compileMarkdownSamples([join(REPO, 'docs/proxy.md'), join(REPO, 'packages/proxy/README.md')], {
      workDir: join(REPO, 'packages/proxy/dist/.docs-examples'),
    });
    expect(samples.length).to.be.at.least(2);
    expect(diagnostics).to.deep.equal([]);
  });
});
