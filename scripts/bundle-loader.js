'use strict';
// The loader of a bundled package: scripts/bundle-package.js copies this file to the package's
// dist/load.js, with the package name and the bundle's digest filled in. It serves the
// package's modules from bundle.js, or from js/ when tsc wrote newer output than the bundle (a
// `tsc -b` without the bundling step), so stale code is never served.
//
// The bundle is compiled with a V8 code cache when one is there for this bundle (its digest and
// its absolute path), Node, flag set and entry script: a process then starts without parsing the package, and the functions the last run
// compiled (start-up, the first requests) come precompiled. A process that found no usable
// cache writes one when it exits (written aside and renamed, so concurrent processes never
// read half a file). ARMATURE_CODE_CACHE=off turns this off, =<dir> keeps the caches in <dir>
// (for a read-only install); by default they sit beside the bundle. With --enable-source-maps,
// or under a loader other than Node's (Jest's module registry, a vm sandbox), the bundle is
// required as a plain module: stack traces map back to the TypeScript, and the loader keeps
// its own module instances and globals.
// docs/performance.md, "Code cache".
const fs = require('node:fs');
const path = require('node:path');

const PACKAGE_NAME = '__PACKAGE_NAME__';
/** The bundle's SHA-256 prefix, written by the bundler: a rebuilt bundle never meets an old cache. */
const BUNDLE_DIGEST = '__BUNDLE_DIGEST__';
const BUNDLE = path.join(__dirname, 'bundle.js');
/** Caches kept per package in one directory (one per Node version and flag set in use). */
const MAX_CACHES = 4;

/**
 * Whether tsc wrote newer output than the bundle (a `tsc -b` without the bundling step, in
 * this repository): then dist/js is served. A bundle that is not on disk at all is one a
 * bundler packed into an app, with this file: it is used.
 */
function compiledIsNewer() {
  const built = fs.statSync(path.join(__dirname, 'js', 'tsconfig.tsbuildinfo'), { throwIfNoEntry: false });
  if (built === undefined) return false;
  const bundle = fs.statSync(BUNDLE, { throwIfNoEntry: false });
  return bundle === undefined || built.mtimeMs > bundle.mtimeMs;
}

/** Where this process's code cache lives, or undefined when caching is off. */
function cacheDir() {
  const setting = process.env.ARMATURE_CODE_CACHE;
  if (setting === 'off' || process.sourceMapsEnabled) return undefined;
  return setting ? path.resolve(setting) : __dirname;
}

/** FNV-1a of `text`, as 8 hex digits: names a cache per Node version, platform, flag set and bundle path. */
function shortHash(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The file prefix of this package's caches in a directory (the package name keeps shared directories apart). */
const CACHE_PREFIX = `${PACKAGE_NAME.replace(/^@/, '').replace(/\//g, '-')}-`;

/** The process's flags, without an `-e`/`-p` script's text (which is no flag of V8's). */
function flags() {
  const kept = [];
  for (let i = 0; i < process.execArgv.length; i++) {
    const arg = process.execArgv[i];
    if (/^(-e|-p|-pe|--eval|--print)$/.test(arg)) i++;
    else if (!/^--(eval|print)=/.test(arg)) kept.push(arg);
  }
  return kept.join(' ');
}

/** The process's entry script (its real path), or '' under `-e`/`-p`. */
function entryScript() {
  const entry = process.argv[1];
  if (!entry || process.execArgv.some((arg) => /^(-e|-p|-pe|--eval|--print)(=|$)/.test(arg))) return '';
  try {
    return fs.realpathSync.native(path.resolve(entry));
  } catch {
    return path.resolve(entry);
  }
}

function cacheFileIn(dir) {
  // V8 rejects a cache made by another V8 or flag set; naming them apart lets each set keep its own.
  // The bundle's own path is part of the name too: V8 takes a script's file name from the cache
  // it was compiled with, so a cache made at another path (a copied or moved project, another
  // project sharing an ARMATURE_CODE_CACHE directory) would put that path in every stack trace.
  // And the entry script: a cache holds what its process ran, so `armature build` (which loads
  // core to scan the app) must not leave the server a cache without the server's start-up in it.
  const runtime = [process.version, process.arch, flags(), process.env.NODE_OPTIONS ?? '', BUNDLE, entryScript()].join('\n');
  return path.join(dir, `${CACHE_PREFIX}${BUNDLE_DIGEST}-${shortHash(runtime)}.cache`);
}

// readCache and pruneCaches have a twin in packages/core/src/code-cache/code-cache-pack.ts (the
// app's cache); this file runs before any package is loaded, so it cannot import that one, and
// test/repo/cache-twins.spec.ts keeps the two the same.

/**
 * The cache in `file`, unless someone else could have written it: a cache is code this process
 * will run, so it must be this user's (or root's) and writable by no one else. Read through the
 * descriptor it was checked on, so a file swapped in between is never read.
 */
function readCache(file) {
  let fd;
  try {
    fd = fs.openSync(file, 'r');
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return undefined;
    // POSIX owners and modes (Windows reports neither the same way: its ACLs guard the folder).
    if (typeof process.getuid === 'function') {
      const uid = process.getuid();
      if ((stat.mode & 0o022) !== 0 || (stat.uid !== uid && stat.uid !== 0)) return undefined;
    }
    const data = Buffer.allocUnsafe(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = fs.readSync(fd, data, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return read === stat.size ? data : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Writes `script`'s code cache (the functions compiled so far included); best effort. */
function writeCache(script, dir, file) {
  try {
    const data = script.createCachedData();
    // A configured directory is made; the package's own is never re-made once removed.
    if (dir !== __dirname) fs.mkdirSync(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, data, { mode: 0o644 });
    fs.renameSync(temporary, file);
    pruneCaches(dir, file);
  } catch {
    // A read-only install or a full disk: the next process compiles the bundle as this one did.
  }
}

/** This package's caches and the temporary files of their writes (`.cache.<pid>.tmp`). */
const OWN_FILE = new RegExp(`^${CACHE_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[0-9a-f]{16}-[0-9a-f]{8}(\\.cache(?:\\.\\d+\\.tmp)?)$`);

/** Files a crashed write can leave behind are removed once this old. */
const STALE_TEMPORARY_MS = 10 * 60 * 1000;

/** Keeps the newest `MAX_CACHES` caches of this package in `dir` (an old bundle's, another Node's go first). */
function pruneCaches(dir, kept) {
  const now = Date.now();
  const caches = [];
  for (const name of fs.readdirSync(dir)) {
    // Exactly this package's names: `@x/core`'s prefix must not claim `@x/core-extra`'s caches.
    const kind = OWN_FILE.exec(name)?.[1];
    if (kind === undefined) continue;
    const file = path.join(dir, name);
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (kind !== '.cache' && now - mtimeMs > STALE_TEMPORARY_MS) fs.rmSync(file, { force: true });
    else if (kind === '.cache' && file !== kept) caches.push({ file, mtimeMs });
  }
  caches.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { file } of caches.slice(MAX_CACHES - 1)) fs.rmSync(file, { force: true });
}

/** bundle.js as a plain module. A literal path, so a bundler packing an app (esbuild, webpack) sees and includes it. */
function requireBundle() {
  return require('./bundle.js');
}

/**
 * bundle.js's text as `Module.wrap` gives it, decoded once from one buffer holding the wrapper
 * and the file: wrapping the decoded text made V8 copy all of it again when compiling (core's
 * bundle is ~700 KB), young-generation memory a cold start paid for in scavenges.
 */
function wrappedBundle(Module) {
  const parts = Module.wrap('\u0000').split('\u0000');
  if (parts.length !== 2) return Module.wrap(fs.readFileSync(BUNDLE, 'utf8'));
  const [head, tail] = parts.map((text) => Buffer.from(text, 'utf8'));
  const fd = fs.openSync(BUNDLE, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const bytes = Buffer.allocUnsafe(head.length + size + tail.length);
    head.copy(bytes, 0);
    let read = 0;
    while (read < size) {
      const n = fs.readSync(fd, bytes, head.length + read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    tail.copy(bytes, head.length + read);
    return bytes.toString('utf8', 0, head.length + read + tail.length);
  } finally {
    fs.closeSync(fd);
  }
}

/** Runs bundle.js as Node would, compiled with the code cache when there is one. */
function loadBundle() {
  const dir = cacheDir();
  if (dir === undefined) return requireBundle();
  // Node's module class, as `require('node:module')` exports it, without loading that built-in
  // (fifteen more of Node's internal modules, ~0.25 ms of a cold start).
  const Module = module.constructor;
  // Only under Node's own loader, in the main context: a test runner with a module registry of
  // its own (Jest) or a sandbox context must load the bundle through its `require`, or the
  // bundle's dependencies and globals would not be the ones the rest of the program sees.
  if (typeof Module.wrap !== 'function' || Module._cache !== require.cache) return requireBundle();
  const vm = require('node:vm');
  if (vm.runInThisContext('globalThis') !== globalThis) return requireBundle();
  let source;
  try {
    source = wrappedBundle(Module);
  } catch {
    return requireBundle();
  }
  const file = cacheFileIn(dir);
  const cachedData = readCache(file);
  const script = new vm.Script(source, { filename: BUNDLE, cachedData });
  const bundle = new Module(BUNDLE, module);
  bundle.filename = BUNDLE;
  // Registered as `require` would, so that a direct require of bundle.js reaches this instance.
  require.cache[BUNDLE] = bundle;
  try {
    script.runInThisContext().call(bundle.exports, bundle.exports, Module.createRequire(BUNDLE), bundle, BUNDLE, __dirname);
  } catch (error) {
    delete require.cache[BUNDLE];
    throw error;
  }
  bundle.loaded = true;
  // At exit the script holds the code of everything this run compiled: the next start skips it all.
  if (cachedData === undefined || script.cachedDataRejected) process.once('exit', () => writeCache(script, dir, file));
  return bundle.exports;
}

let modules;
module.exports = function load(id) {
  if (modules === undefined) {
    modules = compiledIsNewer()
      ? new Proxy({}, { get: (_, key) => () => require(path.join(__dirname, 'js', 'src', key + '.js')) })
      : loadBundle();
  }
  return modules[id]();
};
