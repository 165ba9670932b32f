import { expect } from 'chai';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TESTING_ERROR_CODES } from '../../src';
import { codeBlocks, REPO, typeCheck } from './markdown-blocks';

const PAGES = ['docs/testing.md', 'packages/testing/README.md'];

describe('docs/testing.md and the package README', () => {
  it('have ts samples that compile against the built packages (strict)', function () {
    this.timeout(120_000);
    // Inside the repository, so @armature/* resolve through the workspace node_modules.
    const dir = join(REPO, 'packages/testing/dist/.docs-samples');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files: string[] = [];
    for (const page of PAGES) {
      codeBlocks(page)
        .filter((b) => b.lang === 'ts')
        .forEach((block, i) => {
          const file = join(dir, `${page.replace(/\W+/g, '-')}-${i}.ts`);
          writeFileSync(file, `${block.code}\nexport {};\n`);
          files.push(file);
        });
    }
    expect(files.length).to.be.at.least(5);
    const problems = typeCheck(files, dir);
    rmSync(dir, { recursive: true, force: true });
    expect(problems).to.deep.equal([]);
  });

  it('name every error code of the package, and only those', () => {
    const text = readFileSync(join(REPO, 'docs/testing.md'), 'utf8');
    const codes = Object.keys(TESTING_ERROR_CODES);
    expect(codes.filter((code) => !text.includes(`\`${code}\``)), 'codes missing from docs/testing.md').to.deep.equal([]);
    const mentioned = [...new Set(text.match(/ARM_ERR_[A-Z_]+/g) ?? [])];
    expect(mentioned.filter((code) => !codes.includes(code)), 'docs/testing.md names unknown codes').to.deep.equal([]);
  });
});
