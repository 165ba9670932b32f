import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BuildOptions, Message } from 'esbuild';
import { frameworkLoaders, type OptionalPeers, peersImportedByApp } from './framework-loaders';
import { PackError } from './pack-error';
import { checkClassNames, packedManifests } from './packed-manifests';
import { packedRunnerText } from './packed-runner';

/** What `packApp` wrote. */
export interface PackResult {
  /** The file to run with `node`. */
  readonly runner: string;
  /** The app and its dependencies in one file (beside it, its source map). */
  readonly packed: string;
  readonly packedBytes: number;
  /** The manifests the packed handlers are looked up in (the entry's project first): one per packed project that has one. */
  readonly manifests: readonly string[];
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
  const buildOptions: BuildOptions & { write: false; metafile: true } = {
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
    metafile: true,
    external: [...(options.external ?? [])],
  };
  let result;
  try {
    // The framework's optional peers are left out at first; if the app imports one itself, it
    // is packed again with that peer in, so the app and the framework share one instance.
    const peers: OptionalPeers = { seen: new Map(), packed: new Set() };
    result = await esbuild.build({ ...buildOptions, plugins: [frameworkLoaders(peers)] });
    const imported = peersImportedByApp(peers, Object.keys(result.metafile.inputs));
    if (imported.size > 0)
      result = await esbuild.build({ ...buildOptions, plugins: [frameworkLoaders({ seen: peers.seen, packed: imported })] });
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (errors === undefined) throw error;
    const text = await esbuild.formatMessages(errors, { kind: 'error', color: false });
    throw new PackError(`esbuild could not pack ${path.relative(process.cwd(), entry)}:\n${text.join('').trimEnd()}`);
  }
  const warnings = await esbuild.formatMessages(result.warnings, { kind: 'warning', color: false });
  const manifests = packedManifests(entry, Object.keys(result.metafile.inputs));
  // Checked before anything is written: a packed app finds its handlers by class name.
  checkClassNames(manifests);
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
  const relative = manifests.map((file) => path.relative(path.dirname(runner), file).split(path.sep).join('/'));
  writeIfChanged(runner, Buffer.from(packedRunnerText(packedName, digest, relative)));
  return { runner, packed, packedBytes, manifests, warnings: warnings.map((w) => w.trimEnd()) };
}

function loadEsbuild(): typeof import('esbuild') {
  try {
    return require('esbuild') as typeof import('esbuild');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    throw new PackError('armature bundle packs with esbuild, which is not installed: npm install --save-dev esbuild');
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
