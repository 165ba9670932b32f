import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMarkdownSamples } from '@armature/testing';
import { EngineErrorCode } from '../../src/errors/engine-error-codes';
import { LocalErrorCode } from '../../src/errors/local-error-codes';

const REPO = join(__dirname, '../../../../..');
const PAGES = [
  'tools.md',
  'resources.md',
  'prompts.md',
  'request-context.md',
  'guards.md',
  'protocol-revisions.md',
  'tasks.md',
  'extensions.md',
  'tool-search.md',
  'composition.md',
];
const read = (page: string): string => readFileSync(join(REPO, 'docs', page), 'utf8');

describe('docs pages of the application layer', () => {
  it('every ts example compiles against the built @armature/core (strict)', function () {
    this.timeout(120_000);
    // Inside the repository, so `@armature/core` resolves through the workspace node_modules.
    const { samples, diagnostics } = compileMarkdownSamples(
      PAGES.map((page) => join(REPO, 'docs', page)),
      { workDir: join(REPO, 'packages/core/dist/.docs-examples') },
    );
    expect(samples.length).to.be.at.least(PAGES.length);
    expect(diagnostics).to.deep.equal([]);
  });

  it('name every application-layer error code, and only codes that exist', () => {
    const text = PAGES.map(read).join('\n');
    const engine = new Set<string>(Object.values(EngineErrorCode));
    const registry = new Set<string>(Object.values(LocalErrorCode));
    const own = [...registry].filter((code) => !engine.has(code));
    expect(
      own.filter((code) => !text.includes(code)),
      'codes missing from docs',
    ).to.deep.equal([]);
    const mentioned = [...new Set(text.match(/ARM_ERR_[A-Z_]+/g) ?? [])];
    expect(
      mentioned.filter((code) => !registry.has(code)),
      'docs name unknown codes',
    ).to.deep.equal([]);
  });
});
