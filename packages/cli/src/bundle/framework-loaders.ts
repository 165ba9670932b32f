import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Plugin } from 'esbuild';

/** The marker every framework package's generated dist/load.js holds (scripts/bundle-loader.js). */
const FRAMEWORK_LOADER_MARK = 'const BUNDLE_DIGEST = ';
/** Marks the plugin's own resolve calls, which it must not intercept again. */
const RESOLVING = Symbol('resolving');

/** Whether `file` is a framework package's dist/bundle.js (its loader beside it); answers cached per file. */
function isFrameworkBundle(file: string): boolean {
  let known = frameworkBundles.get(file);
  if (known === undefined) {
    known = false;
    if (/[\\/]dist[\\/]bundle\.js$/.test(file)) {
      try {
        known = fs.readFileSync(path.join(path.dirname(file), 'load.js'), 'utf8').includes(FRAMEWORK_LOADER_MARK);
      } catch {
        known = false;
      }
    }
    frameworkBundles.set(file, known);
  }
  return known;
}

const frameworkBundles = new Map<string, boolean>();

/** What the packing learns about the framework's optional peer dependencies, and what it decided. */
export interface OptionalPeers {
  /** Every optional peer dependency a packed framework bundle requires, with that bundle's path. */
  readonly seen: Map<string, string>;
  /** The ones packed into the app; the others stay run-time requires. */
  readonly packed: ReadonlySet<string>;
}

/**
 * Each framework package's dist/load.js becomes a plain require of the bundle beside it. What a
 * framework bundle requires of its optional peer dependencies (class-validator, fastify, …) is
 * packed only when the app imports one of them itself (`peers.packed`, see
 * `peersImportedByApp`): then the app and the framework share one instance. Otherwise it stays
 * a run-time require, as unpacked: the framework loads it only when the app needs it, and says
 * so when it is not installed; 1 MB of class-validator that a server without DTO classes never
 * runs would cost every cold start reading it. A package a framework bundle requires that
 * cannot be resolved stays a run-time require too.
 */
export function frameworkLoaders(peers: OptionalPeers): Plugin {
  return {
    name: 'armature-framework-loaders',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === RESOLVING || !isFrameworkBundle(args.importer)) return undefined;
        const name = packageName(args.path);
        if (optionalPeersOf(args.importer).has(name)) {
          peers.seen.set(name, args.importer);
          if (!peers.packed.has(name)) return { path: args.path, external: true };
        }
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: RESOLVING });
        return found.errors.length > 0 ? { path: args.path, external: true } : found;
      });
      build.onLoad({ filter: /[\\/]dist[\\/]load\.js$/ }, (args) => {
        const text = fs.readFileSync(args.path, 'utf8');
        const dist = path.dirname(args.path);
        const bundle = fs.statSync(path.join(dist, 'bundle.js'), { throwIfNoEntry: false });
        if (!text.includes(FRAMEWORK_LOADER_MARK) || bundle === undefined) return undefined;
        // The loader would serve tsc's newer output over a stale bundle (a `tsc -b` without the bundling step).
        const compiled = fs.statSync(path.join(dist, 'js', 'tsconfig.tsbuildinfo'), { throwIfNoEntry: false });
        if (compiled !== undefined && compiled.mtimeMs > bundle.mtimeMs)
          return {
            errors: [
              {
                text: `${path.join(dist, 'bundle.js')} is older than the package's compiled output: bundle the package again (npm run build) before packing.`,
              },
            ],
          };
        return {
          contents: `'use strict';\nconst modules = require('./bundle.js');\nmodule.exports = (id) => modules[id]();\n`,
          loader: 'js',
          resolveDir: dist,
        };
      });
    },
  };
}

/** `@scope/name` or `name` of a bare module specifier. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const optionalPeers = new Map<string, ReadonlySet<string>>();

/** The optional peer dependencies of the framework package whose dist/bundle.js is `bundle` (cached). */
function optionalPeersOf(bundle: string): ReadonlySet<string> {
  const cached = optionalPeers.get(bundle);
  if (cached !== undefined) return cached;
  const known = new Set<string>();
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(bundle), '..', 'package.json'), 'utf8')) as {
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };
    for (const [name, meta] of Object.entries(manifest.peerDependenciesMeta ?? {})) if (meta.optional === true) known.add(name);
  } catch {
    // No package.json beside dist/: no optional peers known.
  }
  optionalPeers.set(bundle, known);
  return known;
}

/**
 * The optional peers to pack: those the packed files include (the app imported them itself),
 * with the other optional peers of the same framework package, which it uses together
 * (class-validator and class-transformer for a DTO class).
 */
export function peersImportedByApp(peers: OptionalPeers, inputs: readonly string[]): Set<string> {
  const normalized = inputs.map((input) => input.split(path.sep).join('/'));
  const imported = [...peers.seen.keys()].filter((name) => normalized.some((input) => input.includes(`node_modules/${name}/`)));
  const bundles = new Set(imported.map((name) => peers.seen.get(name)));
  return new Set([...peers.seen].filter(([, bundle]) => bundles.has(bundle)).map(([name]) => name));
}
