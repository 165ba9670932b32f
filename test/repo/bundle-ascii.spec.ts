import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadScript, REPO_ROOT } from './support/repo-scripts';

interface BundleLib {
  bundlePackage(packageDir: string): Promise<number>;
}

const lib = loadScript<BundleLib>('scripts/bundle-package.js');

/** The offset and text around the first non-ASCII character of `text`, or undefined when it has none. */
function firstNonAscii(text: string): string | undefined {
  const at = text.search(/[\u0080-\uffff]/);
  return at < 0 ? undefined : `offset ${at}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 10))}`;
}

// V8 keeps a source with a single non-ASCII character as two-byte text: a bundle of several
// hundred kilobytes then costs a cold start milliseconds more to read and compile.
describe('bundles are one-byte (ASCII) source', () => {
  it('every built bundle under packages/*/dist has only ASCII characters', () => {
    const bundles = readdirSync(join(REPO_ROOT, 'packages'))
      .map((name) => join(REPO_ROOT, 'packages', name, 'dist', 'bundle.js'))
      .filter((file) => existsSync(file));
    expect(bundles.length, 'built bundles (run npm run build)').to.be.greaterThan(0);
    for (const file of bundles) expect(firstNonAscii(readFileSync(file, 'latin1')), file).to.equal(undefined);
  });

  it('the bundler escapes non-ASCII strings (their values unchanged) regular expressions and comments', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'armature-ascii-'));
    try {
      mkdirSync(join(dir, 'dist', 'js', 'src'), { recursive: true });
      writeFileSync(
        join(dir, 'dist', 'js', 'src', 'index.js'),
        '/** server → client, and “quoted” */\n' +
          "exports.arrow = 'a → b é 😀';\n" +
          'exports.template = `… ${1 + 1}`;\n' +
          'exports.pattern = /é+/u;\n' +
          'exports.astral = /^[😀é]$/u; // → a comment after code\n',
      );
      writeFileSync(join(dir, 'dist', 'js', 'tsconfig.tsbuildinfo'), '{}');
      await lib.bundlePackage(dir);
      expect(firstNonAscii(readFileSync(join(dir, 'dist', 'bundle.js'), 'latin1'))).to.equal(undefined);
      const loaded = require(join(dir, 'dist', 'src', 'index.js')) as {
        arrow: string;
        template: string;
        pattern: RegExp;
        astral: RegExp;
      };
      expect(loaded.arrow).to.equal('a → b é 😀');
      expect(loaded.template).to.equal('… 2');
      expect(loaded.pattern.test('éé')).to.equal(true);
      expect(loaded.astral.test('😀')).to.equal(true);
      expect(loaded.astral.test('e')).to.equal(false);
    } finally {
      for (const key of Object.keys(require.cache)) if (key.startsWith(dir)) delete require.cache[key];
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
