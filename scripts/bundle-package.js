#!/usr/bin/env node
'use strict';
// Bundles one workspace package's compiled modules into dist/bundle.js, so that loading the
// package costs one file read and one compile instead of a resolve, stat, read and compile per
// module (about 250 modules for @armature/core: 45–50 ms of a process's start, 20–25 ms
// bundled; docs/ARCHITECTURE.md, "Packaging").
//
// Layout after `tsc -b` (outDir dist/js, declarationDir dist) and this script:
//   dist/js/src/**.js   tsc's output, the bundle's input (and the fallback, below)
//   dist/bundle.js      every module of dist/js/src, each in its own lazy CommonJS wrapper
//                       (evaluated on first require, in the order Node would), and its source map
//   dist/load.js        scripts/bundle-loader.js filled in: picks the bundle (compiled with a V8
//                       code cache when there is one), or dist/js when tsc has written newer
//                       output than the bundle (someone ran `tsc -b` alone): stale code is never served
//   dist/src/**.js      one shim per module: `module.exports = load('<module>')`, beside tsc's .d.ts
// Every path into the package (the root, a subpath export, a test's relative import) reaches
// the same single module instance, so classes, WeakMaps and registries are never duplicated.
//
// Usage: node scripts/bundle-package.js <package dir>   (a package's `build` script runs it)
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');
const { trimBundleText } = require('./lib/bundle-text');

const BUNDLE = 'bundle.js';
const LOADER = 'load.js';

/** Every compiled module under `dir`, as paths relative to it without `.js`, sorted. */
function compiledModules(dir) {
  const found = [];
  const walk = (sub) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.js')) found.push(rel.slice(0, -'.js'.length));
    }
  };
  walk('');
  return found.sort();
}

/**
 * `text` with every non-ASCII character esbuild's `charset: 'ascii'` leaves (in the comments it
 * keeps, and in regular expression literals) written as a `\uXXXX` escape per UTF-16 unit: the
 * same character to a regular expression (a surrogate pair too, under the `u` flag), readable in a comment.
 */
function asciiOnly(text) {
  return text.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Throws unless `before` and `after` are the same program (esbuild minifies both to the same text). */
async function expectSameProgram(before, after) {
  const minified = async (code) =>
    (await esbuild.transform(code, { minify: true, format: 'cjs', platform: 'node', target: 'node20' })).code;
  if ((await minified(before)) !== (await minified(after))) throw new Error('bundle-package: trimming the bundle changed its program');
}

/** The namespace of the one-line modules that stand for a package (or built-in) the bundle requires. */
const SHARED_REQUIRE = 'shared-require';

/**
 * Every `require('<package or built-in>')` of the bundle goes through one wrapper module per
 * name (`module.exports = require('<name>')`), run on its first call, where each call stays:
 * later calls get the exports from the wrapper. Node caches a package's module but not the
 * resolution of its name: each of core's ~50 `require('@armature/di')` (and http's ~30 of
 * `@armature/core`) read the package's `exports` map, built file URLs and took a realpath again,
 * about 3 ms of a cold start. Requires of computed paths and relative ones are left as they are.
 */
const shareRequires = {
  name: 'share-requires',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind !== 'require-call') return undefined;
      if (args.namespace === SHARED_REQUIRE) return { path: args.path, external: true };
      return { path: args.path, namespace: SHARED_REQUIRE };
    });
    build.onLoad({ filter: /.*/, namespace: SHARED_REQUIRE }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});\n`,
      loader: 'js',
    }));
  },
};

/** The generated entry: a map from module id to a function requiring it (lazily, once). */
function entrySource(modules) {
  const lines = modules.map((id) => `  ${JSON.stringify(id)}: () => require(${JSON.stringify(`./src/${id}.js`)}),`);
  return `'use strict';\nmodule.exports = {\n${lines.join('\n')}\n};\n`;
}

/** dist/load.js: scripts/bundle-loader.js with the package's name and the bundle's digest filled in. */
function loaderSource(packageName, bundleText) {
  const digest = crypto.createHash('sha256').update(bundleText).digest('hex').slice(0, 16);
  const template = fs.readFileSync(path.join(__dirname, 'bundle-loader.js'), 'utf8');
  return template
    .replace(
      /^'use strict';\n/,
      "'use strict';\n// Generated from scripts/bundle-loader.js by scripts/bundle-package.js (edit the template, not this file).\n",
    )
    .replace("'__PACKAGE_NAME__'", JSON.stringify(packageName))
    .replace("'__BUNDLE_DIGEST__'", JSON.stringify(digest));
}

/**
 * The export names and star re-exports tsc's output for a module states, in the forms Node's
 * CommonJS export detection (cjs-module-lexer) reads, so that `import { Tool } from
 * '@armature/core'` keeps working in ES modules: a shim's own `module.exports = load(…)` names
 * nothing the lexer can see.
 */
function exportHints(compiled) {
  const names = new Set();
  for (const match of compiled.matchAll(/(?<![\w$.])exports\.([A-Za-z_$][\w$]*)\s*=(?!=)/g)) names.add(match[1]);
  for (const match of compiled.matchAll(/Object\.defineProperty\(exports, "([A-Za-z_$][\w$]*)"/g)) names.add(match[1]);
  names.delete('__esModule');
  const stars = [...compiled.matchAll(/__exportStar\(require\(("[^"]+")\), exports\)/g)].map((match) => match[1]);
  return { names: [...names].sort(), stars };
}

function shimSource(id, compiled) {
  const depth = id.split('/').length;
  const loader = `${'../'.repeat(depth)}${LOADER}`;
  const lines = [
    "'use strict';",
    '// Generated by scripts/bundle-package.js: this module lives in ../bundle.js.',
    `module.exports = require(${JSON.stringify(loader)})(${JSON.stringify(id)});`,
  ];
  const { names, stars } = exportHints(compiled);
  if (names.length > 0 || stars.length > 0) {
    lines.push("// The names Node's CommonJS export detection reads for ES module importers (never run).");
    if (names.length > 0) lines.push(`if (0) ${names.map((name) => `exports.${name} = `).join('')}void 0;`);
    for (const star of stars) lines.push(`if (0) __exportStar(require(${star}), exports);`);
  }
  return `${lines.join('\n')}\n`;
}

/** Removes `.js` and `.js.map` files under dist/src that are not shims of a current module (an earlier layout, a deleted source). */
function removeStale(srcDir, modules) {
  const keep = new Set(modules.map((id) => `${id}.js`));
  const walk = (sub) => {
    const dir = path.join(srcDir, sub);
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if ((entry.name.endsWith('.js') && !keep.has(rel)) || entry.name.endsWith('.js.map')) fs.rmSync(path.join(srcDir, rel));
    }
  };
  walk('');
}

/** Bundles the package at `packageDir` (after `tsc -b`); resolves to the number of modules bundled. */
async function bundlePackage(packageDir) {
  const dist = path.resolve(packageDir, 'dist');
  const jsDir = path.join(dist, 'js');
  const modules = compiledModules(path.join(jsDir, 'src'));
  if (modules.length === 0) throw new Error(`${jsDir}/src has no compiled modules: run tsc -b first`);
  const entry = path.join(jsDir, 'bundle-entry.js');
  fs.writeFileSync(entry, entrySource(modules));
  const result = await esbuild.build({
    entryPoints: [entry],
    // Module names in the bundle (its wrappers' names, in stack traces) relative to the package, wherever the script runs.
    absWorkingDir: path.resolve(packageDir),
    outfile: path.join(dist, BUNDLE),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Other packages (workspace siblings included) stay `require`s: each has one instance.
    packages: 'external',
    plugins: [shareRequires],
    sourcemap: true,
    legalComments: 'none',
    // One-byte source: a single non-ASCII character makes V8 hold (and scan) the whole bundle
    // as two-byte text, which costs a cold start several milliseconds of reading and compiling.
    // esbuild escapes strings and identifiers; asciiOnly escapes the rest (comments, regular expressions).
    charset: 'ascii',
    logLevel: 'silent',
  });
  // Requires of computed paths (generated validators, a dev reload's app module) stay as they are: expected.
  const unexpected = result.warnings.filter((w) => !/require-call|unsupported-require-call/.test(w.id ?? ''));
  for (const warning of unexpected) process.stderr.write(`bundle-package: ${warning.text}\n`);
  const bundleFile = path.join(dist, BUNDLE);
  const mapFile = `${bundleFile}.map`;
  const asciiText = asciiOnly(fs.readFileSync(bundleFile, 'utf8'));
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  const trimmed = trimBundleText(asciiText, map.mappings);
  await expectSameProgram(asciiText, trimmed.text);
  fs.writeFileSync(bundleFile, trimmed.text);
  fs.writeFileSync(mapFile, JSON.stringify({ ...map, mappings: trimmed.mappings }));
  const srcDir = path.join(dist, 'src');
  removeStale(srcDir, modules);
  for (const id of modules) {
    const file = path.join(srcDir, `${id}.js`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const text = shimSource(id, fs.readFileSync(path.join(jsDir, 'src', `${id}.js`), 'utf8'));
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
  }
  const manifest = path.resolve(packageDir, 'package.json');
  const packageName =
    (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name) || path.basename(path.resolve(packageDir));
  fs.writeFileSync(path.join(dist, LOADER), loaderSource(packageName, fs.readFileSync(path.join(dist, BUNDLE))));
  return modules.length;
}

if (require.main === module) {
  const dir = process.argv[2];
  if (!dir) {
    process.stderr.write('usage: node scripts/bundle-package.js <package dir>\n');
    process.exit(2);
  }
  bundlePackage(dir).catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  });
}

module.exports = { bundlePackage };
