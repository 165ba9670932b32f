import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { compileMarkdownSamples } from '@armature/testing';
import { AUTH_ERROR_CODES } from '../src';

const REPO = join(__dirname, '../../../..');
const read = (path: string): string => readFileSync(join(REPO, path), 'utf8');

describe('@armature/auth documentation', () => {
  it('compiles every ts sample of docs/auth.md and the package README (strict); `// name.ts` blocks are files', function () {
    this.timeout(120_000);
    // Inside the repository, so `@armature/*` resolve through the workspace node_modules.
    const { samples, diagnostics } = compileMarkdownSamples([join(REPO, 'docs/auth.md'), join(REPO, 'packages/auth/README.md')], {
      workDir: join(REPO, 'packages/auth/dist/.auth-docs-examples'),
    });
    expect(samples.length).to.be.at.least(10);
    expect(diagnostics).to.deep.equal([]);
  });

  it('docs/auth.md names every error code of the package', () => {
    const page = read('docs/auth.md');
    for (const code of Object.keys(AUTH_ERROR_CODES)) expect(page, code).to.contain(`| \`${code}\` |`);
  });

  it('has a recipe per identity-provider family', () => {
    const recipes = read('docs/auth.md').slice(read('docs/auth.md').indexOf('## Recipes by identity provider'));
    for (const family of ['genericOidc', 'auth0Style', 'entraStyle', 'keycloakStyle'])
      expect(recipes, family).to.contain(`export const ${family}`);
  });
});
