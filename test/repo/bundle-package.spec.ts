import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadScript, REPO_ROOT } from './support/repo-scripts';

interface BundleLib {
  bundlePackage(packageDir: string): number;
}

const lib = loadScript<BundleLib>('scripts/bundle-package.js');

/** A package as `tsc -b` leaves it: dist/js/src/**.js (CommonJS) and dist/js/tsconfig.tsbuildinfo. */
function compiledPackage(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'armature-bundle-'));
  for (const [id, text] of Object.entries(files)) {
    const file = join(dir, 'dist', 'js', 'src', `${id}.js`);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  }
  writeFileSync(join(dir, 'dist', 'js', 'tsconfig.tsbuildinfo'), '{}');
  return dir;
}

/** Requires `file` afresh: drops every module under `dir` from require.cache first. */
function freshRequire(dir: string, file: string): Record<string, unknown> {
  for (const key of Object.keys(require.cache)) if (key.startsWith(dir)) delete require.cache[key];
  return require(file) as Record<string, unknown>;
}

const SOURCES = {
  // Records the order modules run in, as Node would run them.
  order: 'exports.ran = [];',
  index:
    "require('./order').ran.push('index'); const { Thing } = require('./things/thing'); exports.Thing = Thing; exports.kind = 'bundle-input';",
  'things/thing': "require('../order').ran.push('thing'); class Thing {} exports.Thing = Thing;",
  'things/unused': "require('../order').ran.push('unused'); exports.unused = true;",
};

describe('scripts/bundle-package.js', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) {
      for (const key of Object.keys(require.cache)) if (key.startsWith(dir)) delete require.cache[key];
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves every module from one bundle: one instance whichever path reaches it, each run on first require only', () => {
    const dir = compiledPackage(SOURCES);
    made.push(dir);
    expect(lib.bundlePackage(dir)).to.equal(4);
    expect(existsSync(join(dir, 'dist', 'bundle.js'))).to.equal(true);
    expect(readFileSync(join(dir, 'dist', 'src', 'index.js'), 'utf8')).to.contain('bundle.js');
    const root = freshRequire(dir, join(dir, 'dist', 'src', 'index.js'));
    const direct = require(join(dir, 'dist', 'src', 'things', 'thing.js')) as Record<string, unknown>;
    expect(direct.Thing).to.equal(root.Thing);
    const order = require(join(dir, 'dist', 'src', 'order.js')) as { ran: string[] };
    expect(order.ran).to.deep.equal(['index', 'thing']);
    // The module nobody required has not run; requiring it runs it once.
    require(join(dir, 'dist', 'src', 'things', 'unused.js'));
    require(join(dir, 'dist', 'src', 'things', 'unused.js'));
    expect(order.ran).to.deep.equal(['index', 'thing', 'unused']);
    // Only the shims and the loader are Node modules of their own: the package's code is in the bundle.
    const loaded = Object.keys(require.cache).filter((key) => key.startsWith(dir));
    expect(loaded.some((key) => key.includes(`${join('dist', 'js')}`))).to.equal(false);
  });

  it('serves dist/js when tsc wrote newer output than the bundle, so a `tsc -b` alone never runs stale code', () => {
    const dir = compiledPackage(SOURCES);
    made.push(dir);
    lib.bundlePackage(dir);
    // Then tsc alone recompiles a changed source.
    writeFileSync(join(dir, 'dist', 'js', 'src', 'index.js'), "exports.kind = 'recompiled';");
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'dist', 'js', 'tsconfig.tsbuildinfo'), later, later);
    expect(freshRequire(dir, join(dir, 'dist', 'src', 'index.js')).kind).to.equal('recompiled');
    // Bundling again makes the bundle current, with the new code.
    lib.bundlePackage(dir);
    const newer = new Date(Date.now() + 10000);
    utimesSync(join(dir, 'dist', 'bundle.js'), newer, newer);
    expect(freshRequire(dir, join(dir, 'dist', 'src', 'index.js')).kind).to.equal('recompiled');
    const loaded = Object.keys(require.cache).filter((key) => key.startsWith(dir));
    expect(loaded).to.include(join(dir, 'dist', 'bundle.js'));
  });

  it('removes compiled files of an earlier layout or a deleted source from dist/src, and keeps declarations', () => {
    const dir = compiledPackage(SOURCES);
    made.push(dir);
    mkdirSync(join(dir, 'dist', 'src', 'gone'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'src', 'gone', 'old.js'), 'exports.old = true;');
    writeFileSync(join(dir, 'dist', 'src', 'index.js.map'), '{}');
    writeFileSync(join(dir, 'dist', 'src', 'index.d.ts'), 'export declare const kind: string;');
    lib.bundlePackage(dir);
    expect(existsSync(join(dir, 'dist', 'src', 'gone', 'old.js'))).to.equal(false);
    expect(existsSync(join(dir, 'dist', 'src', 'index.js.map'))).to.equal(false);
    expect(existsSync(join(dir, 'dist', 'src', 'index.d.ts'))).to.equal(true);
  });

  it('is what the runtime packages load: @armature/core resolves to shims over its bundle', () => {
    for (const name of ['di', 'core', 'http', 'ws']) {
      const entry = readFileSync(join(REPO_ROOT, 'packages', name, 'dist', 'src', 'index.js'), 'utf8');
      expect(entry, name).to.contain('load.js');
    }
  });
});
