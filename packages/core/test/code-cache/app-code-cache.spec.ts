import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `@armature/core/code-cache` as built, required by absolute path from the app's entry. */
const CODE_CACHE = require.resolve('@armature/core/code-cache');

interface RunReport {
  value: string;
  dep: string;
  file: string;
  status: { enabled: boolean; file?: string; modules: number; fromCache: number; rejected: number };
}

/**
 * An app as a project leaves it: package.json, an entry that enables the cache first, its own
 * modules (lib/) and a dependency under node_modules (which is not the app's).
 */
function writeApp(root: string, value: string): void {
  mkdirSync(join(root, 'lib'), { recursive: true });
  mkdirSync(join(root, 'node_modules', 'dep'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'app', private: true }));
  writeFileSync(join(root, 'node_modules', 'dep', 'index.js'), "exports.value = 'dep';\n");
  writeFileSync(join(root, 'lib', 'helper.js'), 'exports.twice = (text) => text + text;\n');
  writeValue(root, value);
  writeFileSync(
    join(root, 'main.js'),
    [
      `const cache = require(${JSON.stringify(CODE_CACHE)});`,
      'cache.enableCodeCache();',
      "const app = require('./lib/app.js');",
      "const dep = require('dep');",
      'Promise.resolve(app.later()).then((later) => {',
      '  const report = { value: app.value() + later, dep: dep.value, file: app.file, status: cache.codeCacheStatus() };',
      '  console.log(JSON.stringify(report));',
      '});',
    ].join('\n'),
  );
}

/** lib/app.js answering `value` (the same length for every value the tests use: V8 checks only a length). */
function writeValue(root: string, value: string): void {
  writeFileSync(
    join(root, 'lib', 'app.js'),
    [
      "const { twice } = require('./helper');",
      `exports.value = () => twice(${JSON.stringify(value)});`,
      'exports.file = __filename + (require.resolve("./helper") === require("path").join(__dirname, "helper.js") ? "" : "?");',
      "exports.later = require('./dynamic').later;",
    ].join('\n'),
  );
  // A module that may import(): Node compiles it (Node 20 loses import()'s loader in a script compiled from a cache).
  writeFileSync(join(root, 'lib', 'dynamic.js'), "exports.later = () => import('./later.mjs').then((m) => m.later);\n");
  writeFileSync(join(root, 'lib', 'later.mjs'), "export const later = '!';\n");
}

function run(root: string, env: Record<string, string | undefined> = {}, flags: string[] = []): RunReport {
  const childEnv: Record<string, string | undefined> = { ...process.env, ARMATURE_CODE_CACHE: undefined, ...env };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const out = execFileSync(process.execPath, [...flags, join(root, 'main.js')], { encoding: 'utf8', timeout: 20_000, env: childEnv });
  return JSON.parse(out.trim().split('\n').pop() as string) as RunReport;
}

/** The app's caches in `dir` (with ARMATURE_CODE_CACHE=<dir>, the framework's bundles keep theirs there too). */
const cachesIn = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith('app-code-') && name.endsWith('.cache')) : [];

describe("the app's code cache (@armature/core/code-cache)", function () {
  this.timeout(60_000);
  let root: string;
  let defaultDir: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'armature-app-cache-'));
    defaultDir = join(root, 'node_modules', '.cache', 'armature');
    writeApp(root, 'ab');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("writes the cache at a first run's exit and compiles the app's modules from it the next time", () => {
    const first = run(root);
    expect(first.value).to.equal('abab!');
    expect(first.dep).to.equal('dep');
    expect(first.file).to.equal(join(root, 'lib', 'app.js'));
    // lib/app.js and lib/helper.js: not the entry (compiled before the call), not node_modules/dep, not lib/dynamic.js.
    expect(first.status).to.include({ enabled: true, modules: 2, fromCache: 0, rejected: 0 });
    const written = cachesIn(defaultDir);
    expect(written).to.have.length(1);
    expect(first.status.file).to.equal(join(defaultDir, written[0]));
    expect(readdirSync(defaultDir).filter((name) => name.endsWith('.tmp'))).to.deep.equal([]);
    const bytes = readFileSync(first.status.file as string);

    const second = run(root);
    expect(second.value).to.equal('abab!');
    expect(second.file).to.equal(join(root, 'lib', 'app.js'));
    expect(second.status).to.include({ enabled: true, modules: 2, fromCache: 2, rejected: 0 });
    // Nothing was missing: the cache is not written again.
    expect(readFileSync(second.status.file as string).equals(bytes)).to.equal(true);
  });

  it('covers the entry too when preloaded with node -r @armature/core/code-cache/register', () => {
    const register = require.resolve('@armature/core/code-cache/register');
    // The entry asks for nothing itself: it only reports (`enableCodeCache` again returns the preload's status).
    writeFileSync(join(root, 'main.js'), readFileSync(join(root, 'main.js'), 'utf8').replace('cache.enableCodeCache();', ''));
    const first = run(root, {}, ['-r', register]);
    expect(first.value).to.equal('abab!');
    // main.js, lib/app.js and lib/helper.js.
    expect(first.status).to.include({ enabled: true, modules: 3, fromCache: 0 });
    expect(run(root, {}, ['-r', register]).status).to.include({ modules: 3, fromCache: 3 });
  });

  it('never serves a changed module from an old cache, even one of the same length', () => {
    run(root);
    writeValue(root, 'cd');
    const changed = run(root);
    expect(changed.value).to.equal('cdcd!');
    expect(changed.status).to.include({ modules: 2, fromCache: 1 });
    const after = run(root);
    expect(after.value).to.equal('cdcd!');
    expect(after.status).to.include({ modules: 2, fromCache: 2 });
  });

  it('is off with ARMATURE_CODE_CACHE=off and under --enable-source-maps', () => {
    expect(run(root, { ARMATURE_CODE_CACHE: 'off' }).status).to.include({ enabled: false, modules: 0 });
    expect(run(root, {}, ['--enable-source-maps']).status).to.include({ enabled: false, modules: 0 });
    expect(cachesIn(defaultDir)).to.deep.equal([]);
  });

  it('runs without a cache where none can be written, and keeps it in ARMATURE_CODE_CACHE=<dir>', () => {
    // node_modules/.cache is a file: the default directory cannot be made (as on a read-only install).
    writeFileSync(join(root, 'node_modules', '.cache'), '');
    expect(run(root).value).to.equal('abab!');
    expect(run(root).status).to.include({ enabled: true, fromCache: 0 });
    const elsewhere = join(root, 'writable', 'caches');
    expect(run(root, { ARMATURE_CODE_CACHE: elsewhere }).status).to.include({ fromCache: 0 });
    expect(cachesIn(elsewhere)).to.have.length(1);
    expect(run(root, { ARMATURE_CODE_CACHE: elsewhere }).status).to.include({ modules: 2, fromCache: 2 });
  });

  it('compiles from source when the cache is damaged or V8 rejects it, and replaces it', () => {
    const file = run(root).status.file as string;
    const sound = readFileSync(file);
    writeFileSync(file, Buffer.alloc(4096, 7));
    const garbage = run(root);
    expect(garbage.value).to.equal('abab!');
    expect(garbage.status).to.include({ fromCache: 0, rejected: 0 });
    expect(run(root).status).to.include({ fromCache: 2 });
    // Cut short (a file copied in part): its header promises more than is there.
    writeFileSync(file, sound.subarray(0, sound.length - 100));
    expect(run(root).status).to.include({ fromCache: 0, rejected: 0 });
    expect(run(root).status).to.include({ fromCache: 2 });
    // Sound, but made under other flags: V8 rejects it (its own check), the modules compile from source.
    const exposeGc = run(root, {}, ['--expose-gc']).status.file as string;
    writeFileSync(file, readFileSync(exposeGc));
    const rejected = run(root);
    expect(rejected.value).to.equal('abab!');
    expect(rejected.status).to.include({ fromCache: 0, rejected: 2 });
    expect(run(root).status).to.include({ fromCache: 2, rejected: 0 });
  });

  it('never runs a cache others could have written (group- or world-writable), and replaces it', function () {
    if (process.platform === 'win32') this.skip();
    const file = run(root).status.file as string;
    chmodSync(file, 0o666);
    expect(run(root).status).to.include({ fromCache: 0 });
    expect(statSync(file).mode & 0o777).to.equal(0o644);
    expect(run(root).status).to.include({ fromCache: 2 });
  });

  it('takes its root and directory from the options; ARMATURE_CODE_CACHE overrides the directory', () => {
    const chosen = join(root, 'chosen');
    // Root lib/: app.js and helper.js are the app's, so the count does not change; the entry is outside it.
    const options = JSON.stringify({ root: join(root, 'lib'), dir: chosen });
    writeFileSync(
      join(root, 'main.js'),
      readFileSync(join(root, 'main.js'), 'utf8').replace('enableCodeCache()', `enableCodeCache(${options})`),
    );
    expect(run(root).status).to.include({ modules: 2, fromCache: 0 });
    expect(cachesIn(chosen)).to.have.length(1);
    expect(cachesIn(defaultDir)).to.deep.equal([]);
    expect(run(root).status).to.include({ modules: 2, fromCache: 2 });
    const fromEnvironment = join(root, 'from-environment');
    expect(run(root, { ARMATURE_CODE_CACHE: fromEnvironment }).status.file?.startsWith(fromEnvironment)).to.equal(true);
    expect(cachesIn(fromEnvironment)).to.have.length(1);
  });

  it('keeps the caches of another flag set and another entry apart', () => {
    run(root);
    run(root, {}, ['--expose-gc']);
    expect(cachesIn(defaultDir)).to.have.length(2);
    expect(run(root).status).to.include({ fromCache: 2 });
    expect(run(root, {}, ['--expose-gc']).status).to.include({ fromCache: 2 });
    writeFileSync(join(root, 'second.js'), readFileSync(join(root, 'main.js')));
    const other = execFileSync(process.execPath, [join(root, 'second.js')], { encoding: 'utf8', timeout: 20_000 });
    expect((JSON.parse(other) as RunReport).status).to.include({ fromCache: 0 });
    expect(cachesIn(defaultDir)).to.have.length(3);
  });
});
