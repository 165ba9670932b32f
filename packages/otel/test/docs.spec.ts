import { expect } from 'chai';
import { join } from 'node:path';
import { compileMarkdownSamples } from '@armature/testing';

const REPO = join(__dirname, '../../../..');

describe('@armature/otel documentation', () => {
  it('compiles every ts example of docs/observability.md and the package README (strict)', function () {
    this.timeout(120_000);
    const { samples, diagnostics } = compileMarkdownSamples([join(REPO, 'docs/observability.md'), join(REPO, 'packages/otel/README.md')], {
      workDir: join(REPO, 'packages/otel/dist/.docs-examples'),
    });
    expect(samples.length).to.be.at.least(4);
    expect(diagnostics).to.deep.equal([]);
  });
});
