/**
 * A V8 code cache for the app's own CommonJS modules (its compiled handler classes), as the
 * framework's bundles have one (scripts/bundle-loader.js): a process that starts compiles them
 * from the cache instead of parsing and compiling each module's code. Node 20 has no compile
 * cache of its own for modules. The cached data is made when a module is compiled (a module's
 * own code, not its functions compiled later: only a `vm.Script` can make that, see `compile`).
 *
 * Node's loader is kept for everything but the compile: resolution, `require.cache`, the
 * module objects. The app's modules are those under its root and not under a node_modules
 * folder (packages there are not the app's; Armature's own have their cache). A process that
 * compiled any of them without a usable cache writes the pack at exit (code-cache-pack.ts).
 * docs/performance.md, "Code cache".
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import * as vm from 'node:vm';
import { appCacheDir, appCacheFile, defaultAppRoot, entryScript } from './code-cache-place';
import { readPack, writePack, type ModuleToPack, type PackedModule } from './code-cache-pack';

/** Options of {@link enableCodeCache}. */
export interface CodeCacheOptions {
  /** The app's root: its modules are the files under it, outside node_modules. Default: the nearest folder with a package.json above the entry script. */
  readonly root?: string;
  /** Where the cache is kept when `ARMATURE_CODE_CACHE` is unset. Default: `<root>/node_modules/.cache/armature`. */
  readonly dir?: string;
}

/** What the app's code cache did in this process (for a deployment check, or a test). */
export interface CodeCacheStatus {
  /** Whether the app's modules are compiled through the cache in this process. */
  readonly enabled: boolean;
  /** The cache file read at start and written at exit, when enabled. */
  readonly file: string | undefined;
  /** App modules compiled so far. */
  readonly modules: number;
  /** Of those, the ones V8 compiled from the cache. */
  readonly fromCache: number;
  /** Of those, the ones whose cache V8 rejected (another V8 or flag set): compiled from source. */
  readonly rejected: number;
}

/** The parts of Node's CommonJS `Module` the cache uses (stable since Node 0.x, undocumented). */
interface NodeModule {
  exports: unknown;
  require(id: string): unknown;
}
interface NodeModuleClass {
  new (...args: never[]): NodeModule;
  prototype: { _compile(this: NodeModule, content: string, filename: string): unknown };
  wrap(source: string): string;
  _resolveFilename(request: string, parent: NodeModule, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: NodeModule): string[] | null;
  _extensions: unknown;
  _cache: unknown;
}

/** The parameters of a CommonJS module's function, as Node's loader names them. */
const MODULE_PARAMETERS = ['exports', 'require', 'module', '__filename', '__dirname'];

/** A module's compiled function (V8 sets the `cachedData…` fields when asked to use or make a cache). */
type ModuleFunction = ReturnType<typeof vm.compileFunction>;

class AppCodeCache {
  /** The modules compiled this run, as the pack written at exit holds them (bytes outside the heap). */
  readonly compiled = new Map<string, PackedModule>();
  modules = 0;
  fromCache = 0;
  rejected = 0;
  /** Whether a module was compiled without a usable cache (the pack is then written at exit). */
  missed = false;

  constructor(
    readonly root: string,
    readonly file: string,
    readonly packed: Map<string, PackedModule>,
  ) {}

  /** Whether `filename` is one of the app's own modules. */
  covers(filename: string): boolean {
    if (!filename.startsWith(this.root) || !/\.c?js$/.test(filename)) return false;
    return !filename.slice(this.root.length).split(sep).includes('node_modules');
  }

  /**
   * The module's function, compiled with the cached data packed for it when its text is the
   * same, else from source with cached data made for the next run. `vm.compileFunction`, as
   * Node's loader compiles a module, not a `vm.Script`: V8 keeps every script in its in-memory
   * compilation cache, and with it the code that ran the module once (~5 MB at 10,001 tools).
   */
  compile(content: string, filename: string): ModuleFunction {
    this.modules++;
    const packed = this.packed.get(filename);
    const same = packed !== undefined && packed.source.toString('utf8') === content;
    // V8 accepts a hashbang only at a script's start, which a function body is not: the same length, as a comment.
    const text = content.startsWith('#!') ? `//${content.slice(2)}` : content;
    const compile = (cachedData: Buffer | undefined): ModuleFunction =>
      vm.compileFunction(text, MODULE_PARAMETERS, { filename, cachedData, produceCachedData: cachedData === undefined });
    if (same) {
      const fromCache = compile(packed.cachedData);
      if (!fromCache.cachedDataRejected) {
        this.fromCache++;
        this.compiled.set(filename, packed);
        return fromCache;
      }
      this.rejected++;
    }
    this.missed = true;
    const fromSource = compile(undefined);
    if (fromSource.cachedData !== undefined) {
      this.compiled.set(filename, { source: Buffer.from(content, 'utf8'), cachedData: fromSource.cachedData });
    }
    return fromSource;
  }

  /** Writes the pack: this run's modules with everything they compiled, and the packed ones it did not load that still exist. */
  write(): void {
    const modules: ModuleToPack[] = [];
    for (const [file, { source, cachedData }] of this.compiled) modules.push({ file, source, cachedData });
    for (const [file, { source, cachedData }] of this.packed) {
      if (!this.compiled.has(file) && existsSync(file)) modules.push({ file, source, cachedData });
    }
    writePack(this.file, modules);
  }
}

const Module = require('node:module') as NodeModuleClass;
let active: AppCodeCache | undefined;
let enabledOnce = false;

/**
 * A module that may `import()` is compiled by Node: in Node 20 a script compiled from a code
 * cache loses the loader its `import()` needs (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING). In a
 * CommonJS module the word `import` can only be a dynamic import (or a property name, which
 * merely costs that module its cache): followed by `(`, a space or a comment, it counts.
 */
const DYNAMIC_IMPORT = /\bimport\s*[(/]/;

/** `require` as Node gives a module (lib/internal/modules/helpers.js, makeRequireFunction). */
function requireOf(mod: NodeModule): NodeJS.Require {
  const require = ((id: string) => mod.require(id)) as NodeJS.Require;
  const resolveFilename = ((request: string, options?: { paths?: string[] }) =>
    Module._resolveFilename(request, mod, false, options)) as NodeJS.RequireResolve;
  resolveFilename.paths = (request: string) => Module._resolveLookupPaths(request, mod);
  require.resolve = resolveFilename;
  require.main = process.mainModule;
  require.extensions = Module._extensions as NodeJS.RequireExtensions;
  require.cache = Module._cache as NodeJS.Dict<NodeJS.Module>;
  return require;
}

/** Whether this code runs under Node's own loader in the main context (not a test runner's registry such as Jest's, or a sandbox). */
function underNodeLoader(): boolean {
  return vm.runInThisContext('globalThis') === globalThis && typeof Module.prototype._compile === 'function';
}

/**
 * Compiles the app's own modules loaded from now on with a V8 code cache: call it before the
 * app's modules load (first thing in the entry, or `import '@armature/core/code-cache/register'`,
 * or `node -r @armature/core/code-cache/register`). The first process writes the cache at exit;
 * the next ones compile from it. `ARMATURE_CODE_CACHE=off` turns it off, `=<dir>` keeps it in
 * `<dir>` (as for the framework's caches); off under `--enable-source-maps` and under a loader
 * other than Node's. Calling it again returns the first call's status.
 */
export function enableCodeCache(options: CodeCacheOptions = {}): CodeCacheStatus {
  if (enabledOnce) return codeCacheStatus();
  enabledOnce = true;
  const entry = entryScript();
  const root = realRoot(options.root === undefined ? defaultAppRoot(entry) : resolve(options.root));
  const dir = appCacheDir(root, options.dir);
  if (dir === undefined || !underNodeLoader()) return codeCacheStatus();
  const file = appCacheFile(dir, root, entry);
  const cache = new AppCodeCache(root.endsWith(sep) ? root : root + sep, file, readPack(file));
  active = cache;
  const compileWithoutCache = Module.prototype._compile;
  Module.prototype._compile = function compileWithCodeCache(this: NodeModule, content: string, filename: string): unknown {
    if (!cache.covers(filename) || DYNAMIC_IMPORT.test(content)) return compileWithoutCache.call(this, content, filename);
    let wrapper: ModuleFunction;
    try {
      wrapper = cache.compile(content, filename);
    } catch {
      // A syntax error (or syntax Node handles itself): Node's own compile reports or handles it.
      cache.modules--;
      cache.compiled.delete(filename);
      return compileWithoutCache.call(this, content, filename);
    }
    return wrapper.call(this.exports, this.exports, requireOf(this), this, filename, dirname(filename));
  };
  // Written once, at exit: one file for the modules of the whole run.
  process.once('exit', () => {
    if (cache.missed) cache.write();
  });
  return codeCacheStatus();
}

/** The real path of `root` (module file names are real paths), or `root` when it does not exist. */
function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return root;
  }
}

/** What the app's code cache did in this process so far. */
export function codeCacheStatus(): CodeCacheStatus {
  return {
    enabled: active !== undefined,
    file: active?.file,
    modules: active?.modules ?? 0,
    fromCache: active?.fromCache ?? 0,
    rejected: active?.rejected ?? 0,
  };
}
