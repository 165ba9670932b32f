/**
 * Where an app's code cache lives and what it is named after. The rules are those of the
 * framework's own bundles (scripts/bundle-loader.js, docs/performance.md "Code cache"): V8
 * refuses a cache made by another V8 or under other flags, so the name holds the Node version,
 * platform and flag set; it holds the app's root and entry too, so two apps (or two entries of
 * one app) sharing a directory never overwrite each other's.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The file name prefix of an app's caches (the framework's are named after their package). */
export const APP_CACHE_PREFIX = 'app-code-';

/** FNV-1a of `text`, as 8 hex digits. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The process's flags, without an `-e`/`-p` script's text (which is no flag of V8's). */
export function runtimeFlags(): string {
  const kept: string[] = [];
  for (let i = 0; i < process.execArgv.length; i++) {
    const arg = process.execArgv[i];
    if (/^(-e|-p|-pe|--eval|--print)$/.test(arg)) i++;
    else if (!/^--(eval|print)=/.test(arg)) kept.push(arg);
  }
  return kept.join(' ');
}

/** The process's entry script as Node names its module (real path), or '' under `-e`. */
export function entryScript(): string {
  const entry = process.argv[1];
  if (entry === undefined || entry === '' || process.execArgv.some((arg) => /^(-e|-p|-pe|--eval|--print)(=|$)/.test(arg))) return '';
  try {
    return realpathSync(resolve(entry));
  } catch {
    return resolve(entry);
  }
}

/** The nearest folder holding a package.json, from the entry script's folder up; else the working directory. */
export function defaultAppRoot(entry: string): string {
  let dir = entry === '' ? process.cwd() : dirname(entry);
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/**
 * The cache directory, or undefined when caching is off: `ARMATURE_CODE_CACHE=off` (or
 * `--enable-source-maps`, under which stack traces should map to the TypeScript), then
 * `ARMATURE_CODE_CACHE=<dir>`, then the app's `dir` option, then `<root>/node_modules/.cache/armature`.
 */
export function appCacheDir(root: string, dir: string | undefined): string | undefined {
  const setting = process.env.ARMATURE_CODE_CACHE;
  if (setting === 'off' || process.sourceMapsEnabled) return undefined;
  if (setting) return resolve(setting);
  return dir === undefined ? join(root, 'node_modules', '.cache', 'armature') : resolve(dir);
}

/** The cache file of this app root and entry, Node version, platform and flag set in `dir`. */
export function appCacheFile(dir: string, root: string, entry: string): string {
  const runtime = [process.version, process.arch, runtimeFlags(), process.env.NODE_OPTIONS ?? '', root, entry].join('\n');
  // Two hashes of the same text (the second with its lines reversed): 64 bits, so distinct runtimes never share a name by chance.
  const reversed = runtime.split('\n').reverse().join('\n');
  return join(dir, `${APP_CACHE_PREFIX}${shortHash(runtime)}${shortHash(reversed)}.cache`);
}
