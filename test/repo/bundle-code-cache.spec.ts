import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { compileFunction } from 'node:vm';
import { buildSync } from 'esbuild';
import { loadScript } from './support/repo-scripts';

interface BundleLib {
  bundlePackage(packageDir: string): Promise<number>;
}

const lib = loadScript<BundleLib>('scripts/bundle-package.js');

/** A package named `name` as `tsc -b` leaves it, bundled: its index answers `kind`. */
async function bundledPackage(root: string, name: string, kind: string): Promise<string> {
  const dir = join(root, name);
  mkdirSync(join(dir, 'dist', 'js', 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `@example/${name}` }));
  writeFileSync(
    join(dir, 'dist', 'js', 'src', 'index.js'),
    `exports.kind = ${JSON.stringify(kind)}; exports.answer = function answer(x) { return x * 2; };\n` +
      `exports.fail = function fail() { throw new Error('failed here'); };`,
  );
  writeFileSync(join(dir, 'dist', 'js', 'tsconfig.tsbuildinfo'), '{}');
  await lib.bundlePackage(dir);
  return dir;
}

/** Loads the package's index in a child process (a code cache is written at a process's exit); returns what it printed. */
function runChild(packageDir: string, env: Record<string, string | undefined>, flags: string[] = []): string {
  const entry = join(packageDir, 'dist', 'src', 'index.js');
  const script = `const m = require(${JSON.stringify(entry)}); console.log(m.kind, m.answer(21));`;
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  return execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8', timeout: 10_000, env: childEnv }).trim();
}

/** The file of the top stack frame of an error thrown inside the package, as a child process reports it. */
function failingFile(packageDir: string, env: Record<string, string | undefined> = { ARMATURE_CODE_CACHE: undefined }): string {
  const entry = join(packageDir, 'dist', 'src', 'index.js');
  const script = `try { require(${JSON.stringify(entry)}).fail(); } catch (e) { console.log(/\\((.+):\\d+:\\d+\\)/.exec(e.stack.split('\\n')[1])[1]); }`;
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000, env: childEnv }).trim();
}

const cachesIn = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.cache'));

describe('bundled packages: the V8 code cache (scripts/bundle-loader.js)', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'armature-code-cache-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes a cache when a process found none, and the next process uses it without writing again', async () => {
    const pkg = await bundledPackage(root, 'alpha', 'first');
    const caches = join(root, 'caches');
    expect(runChild(pkg, { ARMATURE_CODE_CACHE: caches })).to.equal('first 42');
    const written = cachesIn(caches);
    expect(written).to.have.length(1);
    expect(written[0]).to.match(/^example-alpha-[0-9a-f]{16}-[0-9a-f]{8}\.cache$/);
    expect(readdirSync(caches).filter((name) => name.endsWith('.tmp'))).to.deep.equal([]);
    const file = join(caches, written[0]);
    const before = statSync(file).mtimeMs;
    const bytes = readFileSync(file);
    // V8 took the cache: a rejected one would have been written again at exit.
    expect(runChild(pkg, { ARMATURE_CODE_CACHE: caches })).to.equal('first 42');
    expect(statSync(file).mtimeMs).to.equal(before);
    expect(readFileSync(file).equals(bytes)).to.equal(true);
  });

  it("compiles with the cache without loading Node's `module` built-in (a cold start pays for each built-in it loads)", async () => {
    const pkg = await bundledPackage(root, 'omicron', 'lean');
    const caches = join(root, 'caches');
    // A script file, not `-e`: Node's `-e` runner loads `module` itself.
    const main = join(root, 'main.js');
    writeFileSync(
      main,
      `const m = require(${JSON.stringify(join(pkg, 'dist', 'src', 'index.js'))});\n` +
        "console.log(m.kind, process.moduleLoadList.filter((name) => /^NativeModule (module|vm)$/.test(name)).join(' '));",
    );
    const run = (): string =>
      execFileSync(process.execPath, [main], {
        encoding: 'utf8',
        timeout: 10_000,
        env: { ...process.env, ARMATURE_CODE_CACHE: caches },
      }).trim();
    expect(run()).to.equal('lean NativeModule vm'); // compiles, and writes the cache at exit
    expect(cachesIn(caches)).to.have.length(1);
    expect(run()).to.equal('lean NativeModule vm'); // from the cache
  });

  it('keeps the caches of two entry scripts apart: each holds what its own process ran', async () => {
    const pkg = await bundledPackage(root, 'pi', 'entries');
    const caches = join(root, 'caches');
    const entry = join(pkg, 'dist', 'src', 'index.js');
    // A tool that loads the package and one that also runs its code (as `armature build` and a server do).
    const tool = join(root, 'tool.js');
    const server = join(root, 'server.js');
    writeFileSync(tool, `console.log(require(${JSON.stringify(entry)}).kind);`);
    writeFileSync(server, `const m = require(${JSON.stringify(entry)}); console.log(m.kind, m.answer(21));`);
    const run = (main: string): string =>
      execFileSync(process.execPath, [main], {
        encoding: 'utf8',
        timeout: 10_000,
        env: { ...process.env, ARMATURE_CODE_CACHE: caches },
      }).trim();
    expect(run(tool)).to.equal('entries');
    expect(cachesIn(caches)).to.have.length(1);
    expect(run(server)).to.equal('entries 42');
    const both = cachesIn(caches);
    expect(both).to.have.length(2);
    // Each is used by its own entry from then on: nothing is written again.
    const written = both.map((name) => statSync(join(caches, name)).mtimeMs);
    expect(run(tool)).to.equal('entries');
    expect(run(server)).to.equal('entries 42');
    expect(cachesIn(caches).map((name) => statSync(join(caches, name)).mtimeMs)).to.deep.equal(written);
  });

  it('keeps caches beside the bundle by default', async () => {
    const pkg = await bundledPackage(root, 'beta', 'beside');
    expect(runChild(pkg, { ARMATURE_CODE_CACHE: undefined })).to.equal('beside 42');
    expect(cachesIn(join(pkg, 'dist'))).to.have.length(1);
  });

  it("shows a copied or moved project's own path in stack traces, never the path its caches were made at", async () => {
    const original = await bundledPackage(root, 'lambda', 'copied');
    const bundleOf = (dir: string): string => join(dir, 'dist', 'bundle.js');
    expect(failingFile(original)).to.equal(bundleOf(original)); // compiles, and writes the cache at exit
    expect(failingFile(original)).to.equal(bundleOf(original)); // from the cache
    const made = cachesIn(join(original, 'dist'));
    expect(made).to.have.length(1);
    // A copy as cp -a (or an archive) makes it: the original's cache travels with it.
    const copy = join(root, 'elsewhere', 'lambda');
    cpSync(original, copy, { recursive: true, preserveTimestamps: true });
    expect(cachesIn(join(copy, 'dist'))).to.deep.equal(made);
    expect(failingFile(copy)).to.equal(bundleOf(copy));
    // The copy made a cache of its own, and its next process runs from it with the copy's path.
    const copyCaches = cachesIn(join(copy, 'dist'));
    expect(copyCaches).to.have.length(2);
    expect(failingFile(copy)).to.equal(bundleOf(copy));
    expect(cachesIn(join(copy, 'dist'))).to.deep.equal(copyCaches);
    const moved = join(root, 'moved');
    renameSync(copy, moved);
    expect(failingFile(moved)).to.equal(bundleOf(moved));
    expect(failingFile(moved)).to.equal(bundleOf(moved));
    expect(failingFile(original)).to.equal(bundleOf(original));
  });

  it('keeps the caches of two copies of one bundle apart in a shared cache directory', async () => {
    const first = await bundledPackage(root, 'mu', 'shared');
    const second = join(root, 'copy', 'mu');
    cpSync(first, second, { recursive: true, preserveTimestamps: true });
    const caches = join(root, 'caches');
    for (let run = 0; run < 2; run++) {
      expect(failingFile(first, { ARMATURE_CODE_CACHE: caches })).to.equal(join(first, 'dist', 'bundle.js'));
      expect(failingFile(second, { ARMATURE_CODE_CACHE: caches })).to.equal(join(second, 'dist', 'bundle.js'));
    }
    expect(cachesIn(caches)).to.have.length(2);
  });

  it('serves the right code from a damaged cache and replaces it', async () => {
    const pkg = await bundledPackage(root, 'gamma', 'sound');
    const caches = join(root, 'caches');
    runChild(pkg, { ARMATURE_CODE_CACHE: caches });
    const file = join(caches, cachesIn(caches)[0]);
    writeFileSync(file, Buffer.alloc(4096, 7));
    expect(runChild(pkg, { ARMATURE_CODE_CACHE: caches })).to.equal('sound 42');
    expect(readFileSync(file).equals(Buffer.alloc(4096, 7))).to.equal(false);
  });

  it('never runs a cache others could have written (group- or world-writable), and replaces it', async function () {
    if (process.platform === 'win32') this.skip();
    const pkg = await bundledPackage(root, 'theta', 'guarded');
    const caches = join(root, 'caches');
    runChild(pkg, { ARMATURE_CODE_CACHE: caches });
    const file = join(caches, cachesIn(caches)[0]);
    chmodSync(file, 0o666);
    expect(runChild(pkg, { ARMATURE_CODE_CACHE: caches })).to.equal('guarded 42');
    // Not taken: written again at exit, as this process's own.
    expect(statSync(file).mode & 0o777).to.equal(0o644);
  });

  it('removes what a crashed write left behind once it is old, and leaves a write in progress alone', async () => {
    const pkg = await bundledPackage(root, 'iota', 'tidy');
    const caches = join(root, 'caches');
    mkdirSync(caches);
    const old = join(caches, 'example-iota-0000000000000000-00000000.cache.4242.tmp');
    const fresh = join(caches, 'example-iota-0000000000000000-00000000.cache.4343.tmp');
    writeFileSync(old, 'half');
    writeFileSync(fresh, 'half');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(old, anHourAgo, anHourAgo);
    runChild(pkg, { ARMATURE_CODE_CACHE: caches });
    expect(existsSync(old)).to.equal(false);
    expect(existsSync(fresh)).to.equal(true);
  });

  it('names caches apart per bundle and flag set, and keeps at most four of a package', async () => {
    const caches = join(root, 'caches');
    const pkg = await bundledPackage(root, 'delta', 'v0');
    runChild(pkg, { ARMATURE_CODE_CACHE: caches });
    runChild(pkg, { ARMATURE_CODE_CACHE: caches }, ['--expose-gc']);
    expect(cachesIn(caches)).to.have.length(2);
    // Rebuilt bundles (new code): each gets caches of its own, never an old bundle's.
    for (const version of ['v1', 'v2', 'v3', 'v4']) {
      await bundledPackage(root, 'delta', version);
      expect(runChild(pkg, { ARMATURE_CODE_CACHE: caches })).to.equal(`${version} 42`);
    }
    expect(cachesIn(caches)).to.have.length(4);
    // Another package's caches in the same directory are its own, even one whose name extends this one's.
    runChild(await bundledPackage(root, 'epsilon', 'other'), { ARMATURE_CODE_CACHE: caches });
    const extended = await bundledPackage(root, 'delta-extra', 'longer');
    for (const version of ['w1', 'w2', 'w3', 'w4', 'w5']) {
      await bundledPackage(root, 'delta-extra', version);
      runChild(extended, { ARMATURE_CODE_CACHE: caches });
    }
    // delta writes (and prunes) again: it counts only its own four.
    await bundledPackage(root, 'delta', 'v5');
    runChild(pkg, { ARMATURE_CODE_CACHE: caches });
    expect(cachesIn(caches).filter((name) => name.startsWith('example-delta-extra-'))).to.have.length(4);
    expect(cachesIn(caches).filter((name) => name.startsWith('example-epsilon-'))).to.have.length(1);
    expect(cachesIn(caches).filter((name) => /^example-delta-[0-9a-f]{16}-/.test(name))).to.have.length(4);
  });

  it("leaves the bundle to a loader other than Node's (a module registry of its own, as Jest has)", async () => {
    const pkg = await bundledPackage(root, 'eta', 'registry');
    const loader = join(pkg, 'dist', 'load.js');
    // The loader run as such a registry runs it: its own `module` object and `require`.
    const required: string[] = [];
    const registryRequire = (id: string): unknown => {
      const resolved = id.startsWith('.') ? join(dirname(loader), id) : id;
      required.push(resolved);
      return require(resolved);
    };
    const registryModule = { exports: {} as unknown };
    const params = ['exports', 'require', 'module', '__filename', '__dirname'];
    compileFunction(readFileSync(loader, 'utf8'), params, { filename: loader })(
      registryModule.exports,
      registryRequire,
      registryModule,
      loader,
      dirname(loader),
    );
    const load = registryModule.exports as (id: string) => { kind: string };
    try {
      expect(load('index').kind).to.equal('registry');
      expect(required).to.include(join(pkg, 'dist', 'bundle.js'));
    } finally {
      for (const key of Object.keys(require.cache)) if (key.startsWith(pkg)) delete require.cache[key];
    }
  });

  it('can be packed into an app by a bundler (esbuild): the app runs with the package gone', async () => {
    const pkg = await bundledPackage(root, 'kappa', 'packed');
    const app = join(root, 'app.js');
    writeFileSync(app, `const m = require(${JSON.stringify(join(pkg, 'dist', 'src', 'index.js'))}); console.log(m.kind, m.answer(21));`);
    const packed = join(root, 'out', 'app.js');
    buildSync({ entryPoints: [app], outfile: packed, bundle: true, platform: 'node', format: 'cjs', logLevel: 'silent' });
    rmSync(pkg, { recursive: true, force: true });
    expect(execFileSync(process.execPath, [packed], { encoding: 'utf8', timeout: 10_000 }).trim()).to.equal('packed 42');
  });

  it('writes nothing when turned off, under --enable-source-maps, or where it cannot write', async () => {
    const pkg = await bundledPackage(root, 'zeta', 'plain');
    expect(runChild(pkg, { ARMATURE_CODE_CACHE: 'off' })).to.equal('plain 42');
    expect(runChild(pkg, { ARMATURE_CODE_CACHE: undefined }, ['--enable-source-maps'])).to.equal('plain 42');
    expect(cachesIn(join(pkg, 'dist'))).to.deep.equal([]);
    // A directory that cannot be made (a file is in the way): the process runs as without a cache.
    const blocked = join(root, 'a-file');
    writeFileSync(blocked, 'not a directory');
    expect(runChild(pkg, { ARMATURE_CODE_CACHE: join(blocked, 'caches') })).to.equal('plain 42');
  });
});
