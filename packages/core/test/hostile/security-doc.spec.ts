import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalErrorCode } from '../../src/errors/local-error-codes';

const REPO = join(__dirname, '../../../../..');
const SECURITY = readFileSync(join(REPO, 'docs/SECURITY.md'), 'utf8');
const PACKAGES: Readonly<Record<string, string>> = {
  core: 'packages/core',
  http: 'packages/http',
  ws: 'packages/ws',
  auth: 'packages/auth',
  e2e: 'test/e2e',
};

describe('docs/SECURITY.md', () => {
  it('names only test files that exist', () => {
    const cited = [...new Set(SECURITY.match(/`(core|http|ws|auth)\/test\/[^`]+\.ts`|`e2e\/[^`]+\.ts`/g) ?? [])].map((quoted) =>
      quoted.slice(1, -1),
    );
    expect(cited.length).to.be.greaterThan(30);
    const missing = cited.filter((file) => {
      const [pkg, ...rest] = file.split('/');
      // `e2e/x.ts` is test/e2e/x.ts; `<pkg>/test/x.ts` is packages/<pkg>/test/x.ts.
      return !existsSync(join(REPO, PACKAGES[pkg as string] as string, ...rest));
    });
    expect(missing).to.deep.equal([]);
  });

  it('names only error codes that exist', () => {
    // The registries of @armature/auth and @armature/proxy too (read from their sources: core cannot depend on them).
    const codesIn = (file: string): string[] => readFileSync(join(REPO, file), 'utf8').match(/(?<=code: ')ARM_ERR_[A-Z_]+/g) ?? [];
    const auth = codesIn('packages/auth/src/errors/auth-error-codes.ts');
    const proxy = codesIn('packages/proxy/src/proxy-errors.ts');
    expect(auth.length).to.be.greaterThan(5);
    expect(proxy.length).to.be.greaterThan(2);
    const known = new Set<string>([...Object.values(LocalErrorCode), ...auth, ...proxy]);
    const named = [...new Set(SECURITY.match(/ARM_ERR_[A-Z_]+/g) ?? [])];
    expect(named.filter((code) => !known.has(code))).to.deep.equal([]);
  });
});
