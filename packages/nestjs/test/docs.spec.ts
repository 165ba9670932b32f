import { expect } from 'chai';
import { join } from 'node:path';
import { compileMarkdownSamples } from '@armature/testing';

const REPO = join(__dirname, '../../../..');

describe('@armature/nestjs documentation', () => {
  it('compiles every ts example of docs/nestjs.md and the package README (strict); `// name.ts` blocks import each other', function () {
    this.timeout(120_000);
    const { samples, diagnostics } = compileMarkdownSamples([join(REPO, 'docs/nestjs.md'), join(REPO, 'packages/nestjs/README.md')], {
      workDir: join(REPO, 'packages/nestjs/dist/.docs-examples'),
    });
    expect(samples.length).to.be.at.least(5);
    expect(diagnostics).to.deep.equal([]);
  });
});
