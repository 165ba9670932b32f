import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BuildOptions, Message, Plugin } from 'esbuild';
import { MANIFEST_FILE_NAME } from '@armature/schema';
import { packedRunnerText } from './packed-runner';

/** Why an app could not be packed: shown as is, without a stack. */
export class PackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackError';
  }
}

/** What `packApp` wrote. */
export interface PackResult {
  /** The file to run with `node`. */
  readonly runner: string;
  /** The app and its dependencies in one file (beside it, its source map). */
  readonly packed: string;
  readonly packedBytes: number;
  /** The manifest the packed handlers are looked up in, when one is found above the runner. */
  readonly manifest: string | undefined;
  /** esbuild's warnings, formatted. */
  readonly warnings: readonly string[];
}

export interface PackOptions {
  /** The compiled entry script (what `node` would run without the bundle). */
  readonly entry: string;
  /** The runner's path; default `<entry dir>/<entry name>.bundle.js`. */
  readonly out?: string;
  /**
   * Packages left out, required from node_modules at run time (esbuild's `external`): one with
   * a native addon, or one the app loads by a computed name.
   */
  readonly external?: readonly string[];
}

/** The marker every framework package's generated dist/load.js holds (scripts/bundle-loader.js). */
const FRAMEWORK_LOADER_MARK = 'const BUNDLE_DIGEST = ';

/**
 * Packs a built app into one file with esbuild, and writes the runner that starts it from a V8
 * code cache (`packedRunnerText`). The framework packages' loaders (each reading its own
 * bundle.js with a cache of its own) are swapped for a plain require of that bundle: in a
 * packed app the runner's one cache covers them all. esbuild is an optional peer dependency,
 * loaded only here.
 */
export async function packApp(options: PackOptions): Promise<PackResult> {
  const entry = path.resolve(options.entry);
  if (!/\.c?js$/.test(entry)) throw new PackError(`${options.entry}: the entry must be a compiled .js file (run armature build first).`);
  if (!fs.statSync(entry, { throwIfNoEntry: false })?.isFile())
    throw new PackError(`${options.entry}: no such file (run armature build first).`);
  const runner = path.resolve(options.out ?? entry.replace(/\.c?js$/, '.bundle.js'));
  if (!runner.endsWith('.js')) throw new PackError(`--out ${options.out}: the runner's name must end in .js.`);
  if (runner === entry) throw new PackError(`--out ${options.out}: the runner would overwrite the entry.`);
  const packedName = `${path.basename(runner, '.js')}.packed.js`;
  const packed = path.join(path.dirname(runner), packedName);
  const esbuild = loadEsbuild();
  const buildOptions: BuildOptions & { write: false } = {
    entryPoints: [entry],
    outfile: packed,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    charset: 'ascii',
    logLevel: 'silent',
    write: false,
    external: [...(options.external ?? [])],
    plugins: [frameworkLoaders()],
  };
  let result;
  try {
    result = await esbuild.build(buildOptions);
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (errors === undefined) throw error;
    const text = await esbuild.formatMessages(errors, { kind: 'error', color: false });
    throw new PackError(`esbuild could not pack ${path.relative(process.cwd(), entry)}:\n${text.join('').trimEnd()}`);
  }
  const warnings = await esbuild.formatMessages(result.warnings, { kind: 'warning', color: false });
  fs.mkdirSync(path.dirname(runner), { recursive: true });
  let packedBytes = 0;
  let digest = '';
  for (const file of result.outputFiles) {
    writeIfChanged(file.path, file.contents);
    if (file.path === packed) {
      packedBytes = file.contents.byteLength;
      digest = createHash('sha256').update(file.contents).digest('hex').slice(0, 16);
    }
  }
  writeIfChanged(runner, Buffer.from(packedRunnerText(packedName, digest)));
  return { runner, packed, packedBytes, manifest: nearestManifest(path.dirname(runner)), warnings: warnings.map((w) => w.trimEnd()) };
}

function loadEsbuild(): typeof import('esbuild') {
  try {
    return require('esbuild') as typeof import('esbuild');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    throw new PackError('armature bundle packs with esbuild, which is not installed: npm install --save-dev esbuild');
  }
}

/** Each framework package's dist/load.js becomes a plain require of the bundle beside it. */
function frameworkLoaders(): Plugin {
  return {
    name: 'armature-framework-loaders',
    setup(build) {
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

/** The manifest core finds for a packed app: the nearest one above the runner, not past its package root. */
function nearestManifest(dir: string): string | undefined {
  for (let current = dir; ;) {
    const candidate = path.join(current, MANIFEST_FILE_NAME);
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(current);
    if (fs.existsSync(path.join(current, 'package.json')) || parent === current) return undefined;
    current = parent;
  }
}

function writeIfChanged(file: string, contents: Uint8Array): void {
  let existing: Buffer | undefined;
  try {
    existing = fs.readFileSync(file);
  } catch {
    existing = undefined;
  }
  if (existing !== undefined && Buffer.compare(existing, contents) === 0) return;
  fs.writeFileSync(file, contents);
}
