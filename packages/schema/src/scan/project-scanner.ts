import * as path from 'node:path';
import type * as ts from 'typescript';
import type { BuildNote } from '../problems/build-note';
import type { BuildProblem } from '../problems/build-problem';
import { OutputPaths } from '../manifest/output-paths';
import { hashSources } from '../manifest/source-hash';
import { MANIFEST_COMMENT, type Manifest, type ManifestHandler } from '../manifest/manifest.types';
import { generatorName } from '../manifest/generator-name';
import { scanFile } from './file-scanner';
import { reportDuplicateNames } from './duplicate-names';
import { packageModules, servedByModules } from './package-modules';
import type { ModuleNode } from './module-reader';
import type { NameClaim } from './name-registry';
import type { ScanCache } from './scan-cache';
import { ScanContext } from './scan-context';
import { ElicitFormTable } from '../elicit/elicit-form-table';

/** Options of {@link scanProgram}. */
export interface ScanOptions {
  /** Folder that `source` fields and problem locations are relative to (default: the tsconfig's folder). */
  readonly projectDir?: string;
  /** Folder the manifest is written to; handler keys are relative to it (default: `outDir`, else `projectDir`). */
  readonly manifestDir?: string;
  /** Called after each source file is scanned. */
  readonly onProgress?: (scannedFiles: number, totalFiles: number) => void;
  /**
   * Reuses unchanged files' results across scans of successive programs (watch mode), with
   * `dependenciesOf` telling which files a file's types depend on.
   */
  readonly cache?: { readonly store: ScanCache; readonly dependenciesOf: (file: ts.SourceFile) => readonly string[] };
}

/** What a scan produced. `manifest` is complete only when `problems` is empty. */
export interface ScanResult {
  readonly manifest: Manifest;
  readonly problems: readonly BuildProblem[];
  /**
   * What was left out of a schema without failing the build (class-validator decorators with
   * no JSON Schema equivalent), each once, in file order. The manifest is still written.
   */
  readonly notes: readonly BuildNote[];
  readonly manifestDir: string;
  readonly projectDir: string;
  /** Number of decorated methods found. */
  readonly methodCount: number;
}

/**
 * Scans a TypeScript program (the one the compiler just built, so types are checked once)
 * for methods decorated with `@Tool`, `@Prompt`, `@Resource` and `@ResourceTemplate`, in the
 * program's own sources — workspace packages reached as sources included — and returns the
 * manifest plus every problem found.
 */
export function scanProgram(program: ts.Program, options: ScanOptions = {}): ScanResult {
  const compilerOptions = program.getCompilerOptions();
  const configFile = typeof compilerOptions.configFilePath === 'string' ? compilerOptions.configFilePath : undefined;
  const projectDir = path.resolve(options.projectDir ?? (configFile ? path.dirname(configFile) : program.getCurrentDirectory()));
  const manifestDir = path.resolve(options.manifestDir ?? compilerOptions.outDir ?? projectDir);
  const context = new ScanContext(program, projectDir);
  const files = program.getSourceFiles().filter((f) => context.isOwnSource(f));
  const outputs = new OutputPaths(
    compilerOptions,
    files.map((f) => f.fileName),
  );
  const handlers: Record<string, ManifestHandler> = {};
  const claims: NameClaim[] = [];
  const modules: ModuleNode[] = [];
  const notes = new Map<string, BuildNote>();
  let methodCount = 0;
  const forms = new ElicitFormTable();
  files.forEach((file, i) => {
    const cache = options.cache;
    const scanned = cache
      ? cache.store.scanFile(file, program, cache.dependenciesOf(file), () => scanFile(file, context))
      : scanFile(file, context);
    context.problems.push(...scanned.problems);
    // A DTO used by several tools is noted once.
    for (const note of scanned.notes) notes.set(`${note.file}:${note.line}:${note.column}:${note.code}:${note.message}`, note);
    claims.push(...scanned.claims);
    modules.push(...scanned.modules);
    methodCount += scanned.methodCount;
    for (const site of scanned.elicitForms) forms.add(site, context);
    for (const handler of scanned.handlers) {
      handlers[`${relativeKey(manifestDir, outputs.jsFileOf(file.fileName))}#${handler.className}`] = handler;
    }
    options.onProgress?.(i + 1, files.length);
  });
  // Modules imported from other packages take part with what their manifests say they serve.
  const imported = packageModules(modules, context);
  const allModules = [...modules, ...imported.nodes];
  const allClaims = [...claims, ...imported.claims];
  reportDuplicateNames(allClaims, allModules, context);
  const served = servedByModules(allModules, allClaims, context, manifestDir, (node) => {
    const match = /^(.*)#([^#]+)$/.exec(node.key);
    if (match === null || match[1]?.endsWith('.d.ts') === true || node.key.includes('::')) return undefined;
    const source = path.resolve(projectDir, match[1] ?? '');
    return `${relativeKey(manifestDir, outputs.jsFileOf(source))}#${match[2] ?? ''}`;
  });
  const byPlace = (a: BuildProblem | BuildNote, b: BuildProblem | BuildNote): number =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column;
  const problems = [...context.problems].sort(byPlace);
  const manifest: Manifest = {
    armature: 1,
    comment: MANIFEST_COMMENT,
    generator: generatorName(),
    sourceHash: hashSources(files.map((f) => ({ path: context.relative(f.fileName), text: f.text }))),
    handlers: sortKeys(handlers),
    ...(forms.size > 0 ? { elicitForms: forms.entries() } : {}),
    ...(served === undefined ? {} : { modules: sortKeys(served) }),
  };
  return { manifest, problems, notes: [...notes.values()].sort(byPlace), manifestDir, projectDir, methodCount };
}

function relativeKey(from: string, to: string): string {
  return path.relative(from, to).split(path.sep).join('/');
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  const sorted: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) sorted[key] = record[key] as T;
  return sorted;
}
