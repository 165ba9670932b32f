import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './support/repo-scripts';

/**
 * The framework bundles' code cache (scripts/bundle-loader.js, copied to each package's
 * dist/load.js) and the app's (core's code-cache) read and prune their files the same way: who
 * may have written a cache file, how it is read, which files are removed. The loader runs before
 * any package is loaded, so it cannot import core's copy; this keeps the two from drifting. The
 * runner of an app packed by `armature bundle` carries the loader's own declarations, copied into
 * the CLI by scripts/generate-cache-rules.js; this checks the copy is current.
 */
const LOADER = join(REPO_ROOT, 'scripts', 'bundle-loader.js');
const APP_CACHE = join(REPO_ROOT, 'packages', 'core', 'src', 'code-cache', 'code-cache-pack.ts');
/** The runner `armature bundle` writes for a packed app: generated text, given the loader's rules as source. */
const PACKED_RUNNER = join(REPO_ROOT, 'packages', 'cli', 'dist', 'src', 'bundle', 'packed-runner.js');
const CACHE_RULES = require(join(REPO_ROOT, 'scripts', 'generate-cache-rules.js')) as { renderCacheRules(): string; TARGET: string };

/** The body of the top-level function `name` in `source`, from its signature's `{` to the first line that is `}`. */
function functionBody(source: string, name: string): string {
  const start = source.search(new RegExp(`^(?:export )?function ${name}\\(`, 'm'));
  if (start === -1) throw new Error(`no function ${name}`);
  const open = source.indexOf('{\n', start);
  const end = source.indexOf('\n}\n', open);
  return source.slice(open + 2, end);
}

/** The statements, without comments, module prefixes (`fs.`, `path.`) or TypeScript annotations. */
function normalized(body: string): string[] {
  return body
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .map((line) => line.replace(/\b(?:fs|path)\./g, '').replace(/^(let|const) (\w+): .*?( = |;$)/, '$1 $2$3'));
}

describe('repository guards: the code caches read and prune their files alike', () => {
  const loader = readFileSync(LOADER, 'utf8');
  const appCache = readFileSync(APP_CACHE, 'utf8');

  it('trusts and reads a cache file the same way (owner, mode, through the checked descriptor)', () => {
    expect(normalized(functionBody(appCache, 'readOwnFile'))).to.deep.equal(normalized(functionBody(loader, 'readCache')));
  });

  it('prunes the same files (stale temporary files, all but the newest caches)', () => {
    expect(normalized(functionBody(appCache, 'pruneCaches'))).to.deep.equal(normalized(functionBody(loader, 'pruneCaches')));
  });

  it("the CLI holds the loader's current cache rules for the packed app's runner (npm run generate:cache-rules)", () => {
    expect(readFileSync(CACHE_RULES.TARGET, 'utf8')).to.equal(CACHE_RULES.renderCacheRules());
  });

  it("the packed app's runner trusts, reads and prunes its caches as the loader does", () => {
    const { packedRunnerText } = require(PACKED_RUNNER) as {
      packedRunnerText: (name: string, digest: string, manifests: string[]) => string;
    };
    const runner = packedRunnerText('main.bundle.packed.js', '0123456789abcdef', []);
    expect(normalized(functionBody(runner, 'readCache'))).to.deep.equal(normalized(functionBody(loader, 'readCache')));
    expect(normalized(functionBody(runner, 'pruneCaches'))).to.deep.equal(normalized(functionBody(loader, 'pruneCaches')));
  });

  it('the normalizer tells a changed rule apart', () => {
    const body = functionBody(appCache, 'readOwnFile');
    const loosened = body.replace('0o022', '0o002');
    expect(normalized(loosened)).to.not.deep.equal(normalized(functionBody(loader, 'readCache')));
  });
});
