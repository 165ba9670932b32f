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

/**
 * Each framework package's dist/load.js becomes a plain require of the bundle beside it. A
 * package a framework bundle requires that is not installed (an optional peer dependency:
 * class-validator, fastify, …) stays a run-time require: the framework loads those only when
 * the app needs them, and says which is missing then.
 */
export function frameworkLoaders(): Plugin {
  return {
    name: 'armature-framework-loaders',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === RESOLVING || !isFrameworkBundle(args.importer)) return undefined;
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
