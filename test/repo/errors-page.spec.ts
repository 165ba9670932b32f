import { expect } from 'chai';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, loadScript } from './support/repo-scripts';

interface Entry {
  readonly code: string | number;
  readonly name: string;
  readonly meaning: string;
  readonly fix: string;
}
interface ErrorsPageLib {
  readonly PAGE: string;
  registries(): { readonly package: string; readonly entries: readonly Entry[] }[];
  renderErrorsPage(): string;
}

const lib = loadScript<ErrorsPageLib>('scripts/lib/errors-page.js');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : file.endsWith('.ts') ? [file] : [];
  });
}

/** Every ARM_ERR_/ARM_NOTE_/ARM_WARN_ code written in a package's source. */
function codesInSources(): Map<string, string> {
  const found = new Map<string, string>();
  const packages = join(REPO_ROOT, 'packages');
  for (const pkg of readdirSync(packages)) {
    const src = join(packages, pkg, 'src');
    if (!statSync(join(packages, pkg)).isDirectory() || !readdirSync(join(packages, pkg)).includes('src')) continue;
    for (const file of sourceFiles(src)) {
      for (const code of readFileSync(file, 'utf8').match(/\bARM_(?:ERR|NOTE|WARN)_[A-Z][A-Z_]*[A-Z]\b/g) ?? []) found.set(code, file);
    }
  }
  return found;
}

describe('docs/errors.md: one page generated from the error registries', () => {
  it('is up to date with the registries, lists every code raised in packages/*/src, each with a meaning and a fix', () => {
    const page = readFileSync(lib.PAGE, 'utf8');
    expect(page === lib.renderErrorsPage(), 'docs/errors.md is stale: run `npm run build && node scripts/generate-errors-doc.js`').to.equal(
      true,
    );

    const entries = lib.registries().flatMap((registry) => registry.entries);
    for (const entry of entries) {
      expect(entry.meaning, `${entry.code} meaning`).to.match(/\S{3}/);
      expect(entry.fix, `${entry.code} fix`).to.match(/\S{3}/);
    }
    const registered = new Set(entries.map((entry) => String(entry.code)));
    const missing = [...codesInSources()].filter(([code]) => !registered.has(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing, 'codes raised in source but in no registry').to.deep.equal([]);
    for (const code of registered) expect(page, code).to.contain(`\`${code}\``);
  });
});
