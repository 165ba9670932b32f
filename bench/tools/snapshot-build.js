#!/usr/bin/env node
'use strict';
// Measurement tool (docs/performance.md, "Cold start": startup snapshot): builds a Node user-land startup snapshot holding reflect-metadata, @armature/di,
// @armature/core and @armature/http (their bundles, evaluated), for `node --snapshot-blob <blob> <main.js>`.
// With --app <bench project dir>, the snapshot also holds that bench app, created (Armature.create
// with the project's manifest passed in): its main then only listens (snapshot-app-main.js).
// With --warm <bench project dir>, that app is created and closed while building, only so that
// the framework code it ran is compiled in the snapshot (the main loads and creates the app as usual).
// Usage: node bench/tools/snapshot-build.js <out.blob> [--no-minify] [--app <dir> | --warm <dir>]
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const esbuild = require('esbuild');

const ROOT = path.join(__dirname, '..', '..');
const PACKAGES = ['di', 'core', 'http'];

// How Node 20's snapshot builder is met: the builder's `require` serves built-ins only, so the
// packages' bundles go in as one esbuild bundle whose `require` is swapped for Node's full one
// when the process starts from the blob; the main function then makes every request that
// resolves to a file of a snapshotted package (dist/src/<module>.js) return the snapshotted module.

function main() {
  const [out, ...flags] = process.argv.slice(2);
  const warm = flags.includes('--warm');
  const appDir = flags.includes('--app') || warm ? path.resolve(flags[flags.indexOf(warm ? '--warm' : '--app') + 1]) : undefined;
  const blob = path.resolve(out);
  const work = fs.mkdtempSync(path.join(path.dirname(blob), '.snapshot-'));
  const dists = PACKAGES.map((name) => fs.realpathSync(path.join(ROOT, 'packages', name, 'dist')));
  const reflectFile = fs.realpathSync(require.resolve('reflect-metadata', { paths: [ROOT] }));
  const entry = path.join(work, 'framework.js');
  fs.writeFileSync(
    entry,
    [
      `globalThis.__armatureSnapshot = {`,
      `  reflect: { file: ${JSON.stringify(reflectFile)}, exports: require(${JSON.stringify(reflectFile)}) },`,
      `  packages: [${dists.map((d) => `{ dist: ${JSON.stringify(d)}, modules: require(${JSON.stringify(path.join(d, 'bundle.js'))}) }`).join(', ')}],`,
      `};`,
      ...(appDir === undefined
        ? []
        : [
            `globalThis.__armatureSnapshot.app = require('@armature/core').Armature.create(require(${JSON.stringify(path.join(appDir, 'dist/src/bench.module.js'))}).BenchModule, {`,
            `  name: 'armature-bench', version: '1.0.0', manifest: ${fs.readFileSync(path.join(appDir, 'dist/armature.manifest.json'), 'utf8')} });`,
          ]),
    ].join('\n'),
  );
  const framework = esbuild.buildSync({
    entryPoints: [entry],
    nodePaths: [path.join(ROOT, 'node_modules')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'error',
    // Fewer bytes in the heap to deserialize (6.2 MB blob instead of 8.3 MB); names are kept.
    minifyWhitespace: !flags.includes('--no-minify'),
    minifySyntax: !flags.includes('--no-minify'),
  }).outputFiles[0].text;
  const script = path.join(work, 'snapshot.js');
  fs.writeFileSync(
    script,
    `${prelude()}\n(function (require, module, exports) {\n${framework}\n})(runtimeRequire, { exports: {} }, {});\n${epilogue(warm)}\n`,
  );
  execFileSync(process.execPath, ['--snapshot-blob', blob, '--build-snapshot', script], { stdio: ['ignore', 'inherit', 'pipe'] });
  fs.rmSync(work, { recursive: true, force: true });
}

function prelude() {
  return `'use strict';
const v8 = require('node:v8');
const builderRequire = require;
// Node 20's snapshot builder runs before V8 installs the ES2023 array methods, and node:http's
// top level calls toSorted: shimmed while the framework loads, removed before the snapshot is taken.
const hadToSorted = Object.prototype.hasOwnProperty.call(Array.prototype, 'toSorted');
if (!hadToSorted) Object.defineProperty(Array.prototype, 'toSorted', { configurable: true, writable: true, value(compare) { return this.slice().sort(compare); } });
// node:http's parser binding cannot be serialized: a stand-in loads it on first use, at run time.
let realHttp;
const lazyHttp = new Proxy({}, { get: (_, key) => (realHttp ??= target('node:http'))[key] });
// The framework's require: built-ins while the snapshot is built; at run time Node's full
// CommonJS require (user files, require.cache, require.main), installed by the main function.
let target = builderRequire;
function runtimeRequire(id) { return id === 'node:http' || id === 'http' ? lazyHttp : target(id); }
Object.defineProperty(runtimeRequire, 'cache', { get: () => target.cache });
Object.defineProperty(runtimeRequire, 'main', { get: () => target.main });
runtimeRequire.resolve = (...args) => target.resolve(...args);`;
}

function epilogue(warm) {
  return `const snapshot = globalThis.__armatureSnapshot;
delete globalThis.__armatureSnapshot;
for (const { modules } of snapshot.packages) if (modules.index) modules.index();
if (!hadToSorted) delete Array.prototype.toSorted;
if (snapshot.app) snapshot.app.then((app) => { ${warm ? 'return app.close();' : 'globalThis.__armatureSnapshotApp = app;'} });
v8.startupSnapshot.setDeserializeMainFunction(() => {
  const Module = target('node:module');
  const path = target('node:path');
  const main = path.resolve(process.argv[1]);
  process.argv[1] = main;
  target = Module.createRequire(main);
  Object.defineProperty(target, 'main', { get: () => process.mainModule });
  // Requests that resolve to a file of a snapshotted package get its snapshotted module.
  const known = new Map([[snapshot.reflect.file, () => snapshot.reflect.exports]]);
  for (const { dist, modules } of snapshot.packages) for (const id of Object.keys(modules)) known.set(path.join(dist, 'src', id + '.js'), modules[id]);
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    if (!isMain && parent) {
      const filename = Module._resolveFilename(request, parent, isMain);
      const get = known.get(filename);
      if (get !== undefined) {
        let cached = Module._cache[filename];
        if (cached === undefined) {
          cached = new Module(filename, parent);
          cached.filename = filename;
          cached.exports = get();
          cached.loaded = true;
          Module._cache[filename] = cached;
        }
        return cached.exports;
      }
    }
    return load.apply(this, arguments);
  };
  Module.runMain(main);
});`;
}

main();
