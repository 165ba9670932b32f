import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Module } from 'node:module';
import { loadScript, REPO_ROOT } from './support/repo-scripts';

interface BundleLib {
  bundlePackage(packageDir: string): Promise<number>;
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

  it('serves every module from one bundle: one instance whichever path reaches it, each run on first require only', async () => {
    const dir = compiledPackage(SOURCES);
    made.push(dir);
    expect(await lib.bundlePackage(dir)).to.equal(4);
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

  it('asks Node for each package a bundle requires once, where the first module requiring it runs', async () => {
    const dir = compiledPackage({
      order: 'exports.ran = globalThis.sharedRequireOrder = [];',
      index: "require('./order').ran.push('index'); exports.first = require('./first'); exports.second = require('./second');",
      first: "require('./order').ran.push('first'); exports.dep = require('shared-dep'); exports.os = require('node:os');",
      second: "require('./order').ran.push('second'); exports.dep = require('shared-dep'); exports.os = require('node:os');",
    });
    made.push(dir);
    mkdirSync(join(dir, 'node_modules', 'shared-dep'), { recursive: true });
    writeFileSync(
      join(dir, 'node_modules', 'shared-dep', 'index.js'),
      "globalThis.sharedRequireOrder.push('shared-dep'); exports.made = {};",
    );
    await lib.bundlePackage(dir);
    const loader = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown };
    const original = loader._load;
    const asked: string[] = [];
    loader._load = function load(this: unknown, request: string, ...rest: unknown[]): unknown {
      asked.push(request);
      return original.call(this, request, ...rest);
    };
    let root: Record<string, { dep: unknown; os: unknown }>;
    try {
      root = freshRequire(dir, join(dir, 'dist', 'src', 'index.js')) as typeof root;
    } finally {
      loader._load = original;
      delete (globalThis as { sharedRequireOrder?: string[] }).sharedRequireOrder;
    }
    expect(asked.filter((request) => request === 'shared-dep')).to.have.length(1);
    expect(asked.filter((request) => request === 'node:os')).to.have.length(1);
    expect(root.first.dep).to.equal(root.second.dep);
    expect(root.second.os).to.equal(require('node:os'));
    const order = require(join(dir, 'dist', 'src', 'order.js')) as { ran: string[] };
    // Still run where Node would have run it: when `first` runs, not before the bundle's modules.
    expect(order.ran).to.deep.equal(['index', 'first', 'shared-dep', 'second']);
  });

  it('writes the bundle without indentation or comment lines, keeping every line number, template literals and the source map', async () => {
    const thrower = [
      '"use strict";',
      '// A comment line of the compiled module.',
      'exports.template = `first',
      '    indented line of the template',
      '  // not a comment: text of the template',
      '        ${1 + 1} last`;',
      'function deep() {',
      '    if (true) {',
      '        throw new Error("thrown here");',
      '    }',
      '}',
      'exports.fail = deep;',
    ].join('\n');
    const dir = compiledPackage({ index: "exports.thrower = require('./thrower');", thrower });
    made.push(dir);
    await lib.bundlePackage(dir);
    const bundle = readFileSync(join(dir, 'dist', 'bundle.js'), 'utf8');
    expect(bundle).not.to.contain('A comment line');
    expect(bundle).to.contain('\nthrow new Error("thrown here");');
    const { thrower: loaded } = freshRequire(dir, join(dir, 'dist', 'src', 'index.js')) as { thrower: { template: string; fail(): void } };
    expect(loaded.template).to.equal('first\n    indented line of the template\n  // not a comment: text of the template\n        2 last');
    // The line thrown from, as Node reports it without and with source maps.
    const entry = join(dir, 'dist', 'src', 'index.js');
    const script = `try { require(${JSON.stringify(entry)}).thrower.fail(); } catch (e) { console.log(e.stack.split('\\n')[1].trim()); }`;
    const frame = (flags: string[]): string =>
      execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8', timeout: 10_000 }).trim();
    // Line and column of `new Error`, where V8 places the frame. Lines keep their numbers: the
    // source map, whose lines trimming leaves as esbuild wrote them, still points at the throw.
    const at = (text: string): string => {
      const lines = text.split('\n');
      const index = lines.findIndex((line) => line.includes('thrown here'));
      return `${index + 1}:${lines[index].indexOf('new Error') + 1}`;
    };
    expect(frame([])).to.match(new RegExp(`bundle\\.js:${at(bundle)}\\)$`));
    expect(frame(['--enable-source-maps'])).to.match(new RegExp(`thrower\\.js:${at(thrower)}\\)$`));
  });

  it('serves dist/js when tsc wrote newer output than the bundle, so a `tsc -b` alone never runs stale code', async () => {
    const dir = compiledPackage(SOURCES);
    made.push(dir);
    await lib.bundlePackage(dir);
    // Then tsc alone recompiles a changed source.
    writeFileSync(join(dir, 'dist', 'js', 'src', 'index.js'), "exports.kind = 'recompiled';");
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'dist', 'js', 'tsconfig.tsbuildinfo'), later, later);
    expect(freshRequire(dir, join(dir, 'dist', 'src', 'index.js')).kind).to.equal('recompiled');
    // Bundling again makes the bundle current, with the new code.
    await lib.bundlePackage(dir);
    const newer = new Date(Date.now() + 10000);
    utimesSync(join(dir, 'dist', 'bundle.js'), newer, newer);
    expect(freshRequire(dir, join(dir, 'dist', 'src', 'index.js')).kind).to.equal('recompiled');
    const loaded = Object.keys(require.cache).filter((key) => key.startsWith(dir));
    expect(loaded).to.include(join(dir, 'dist', 'bundle.js'));
  });

  it('removes compiled files of an earlier layout or a deleted source from dist/src, and keeps declarations', async () => {
    const dir = compiledPackage(SOURCES);
    made.push(dir);
    mkdirSync(join(dir, 'dist', 'src', 'gone'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'src', 'gone', 'old.js'), 'exports.old = true;');
    writeFileSync(join(dir, 'dist', 'src', 'index.js.map'), '{}');
    writeFileSync(join(dir, 'dist', 'src', 'index.d.ts'), 'export declare const kind: string;');
    await lib.bundlePackage(dir);
    expect(existsSync(join(dir, 'dist', 'src', 'gone', 'old.js'))).to.equal(false);
    expect(existsSync(join(dir, 'dist', 'src', 'index.js.map'))).to.equal(false);
    expect(existsSync(join(dir, 'dist', 'src', 'index.d.ts'))).to.equal(true);
  });

  it('keeps named imports working for ES modules: the shims state the names and star re-exports tsc wrote', async () => {
    const dir = compiledPackage({
      // As tsc writes an index that re-exports a module with `export *` and names one of its own.
      index: [
        'var __exportStar = (this && this.__exportStar) || function (m, exports) { for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) exports[p] = m[p]; };',
        'Object.defineProperty(exports, "__esModule", { value: true });',
        'exports.own = void 0;',
        "__exportStar(require('./things/thing'), exports);",
        'exports.own = 42;',
      ].join('\n'),
      'things/thing':
        'Object.defineProperty(exports, "__esModule", { value: true });\nexports.Thing = void 0;\nclass Thing {}\nexports.Thing = Thing;',
    });
    made.push(dir);
    // tsc writes `__exportStar(require("./x"), exports)` with double quotes.
    const index = join(dir, 'dist', 'js', 'src', 'index.js');
    writeFileSync(index, readFileSync(index, 'utf8').replace("require('./things/thing')", 'require("./things/thing")'));
    await lib.bundlePackage(dir);
    const url = pathToFileURL(join(dir, 'dist', 'src', 'index.js')).href;
    const script = `import { own, Thing } from ${JSON.stringify(url)}; console.log(own, typeof Thing);`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 10_000 }).trim()).to.equal(
      '42 function',
    );
  });

  it('lets an ES module import the runtime packages by name', () => {
    const script = [
      "import { Armature, Tool } from '@armature/core';",
      "import { registerListenTransport } from '@armature/core/listen';",
      "import { Container } from '@armature/di';",
      "import { listenHttp } from '@armature/http';",
      "import { listenWs } from '@armature/ws';",
      'console.log([Armature, Tool, registerListenTransport, Container, listenHttp, listenWs].map((x) => typeof x).join(" "));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(out.trim()).to.equal('function function function function function function');
  });

  it('is what the runtime packages load: @armature/core resolves to shims over its bundle', () => {
    for (const name of ['di', 'core', 'http', 'ws']) {
      const entry = readFileSync(join(REPO_ROOT, 'packages', name, 'dist', 'src', 'index.js'), 'utf8');
      expect(entry, name).to.contain('load.js');
    }
  });
});
