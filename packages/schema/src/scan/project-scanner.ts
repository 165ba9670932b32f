import * as path from 'node:path';
import * as ts from 'typescript';
import type { BuildProblem } from '../problems/build-problem';
import { OutputPaths } from '../manifest/output-paths';
import { hashSources } from '../manifest/source-hash';
import { MANIFEST_COMMENT, type Manifest, type ManifestHandler, type ManifestMethod } from '../manifest/manifest.types';
import { generatorName } from '../manifest/generator-name';
import { scanMember } from './method-scanner';
import { NameRegistry } from './name-registry';
import { ScanContext } from './scan-context';

/** Options of {@link scanProgram}. */
export interface ScanOptions {
  /** Folder that `source` fields and problem locations are relative to (default: the tsconfig's folder). */
  readonly projectDir?: string;
  /** Folder the manifest is written to; handler keys are relative to it (default: `outDir`, else `projectDir`). */
  readonly manifestDir?: string;
  /** Called after each source file is scanned. */
  readonly onProgress?: (scannedFiles: number, totalFiles: number) => void;
}

/** What a scan produced. `manifest` is complete only when `problems` is empty. */
export interface ScanResult {
  readonly manifest: Manifest;
  readonly problems: readonly BuildProblem[];
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
  const outputs = new OutputPaths(compilerOptions, files.map((f) => f.fileName));
  const names = new NameRegistry(context);
  const handlers: Record<string, ManifestHandler> = {};
  let methodCount = 0;
  files.forEach((file, i) => {
    if (file.text.includes('@')) {
      for (const found of scanFile(file, context, names)) {
        methodCount += Object.keys(found.methods).length;
        const key = `${relativeKey(manifestDir, outputs.jsFileOf(file.fileName))}#${found.className}`;
        handlers[key] = found;
      }
    }
    options.onProgress?.(i + 1, files.length);
  });
  const manifest: Manifest = {
    armature: 1,
    comment: MANIFEST_COMMENT,
    generator: generatorName(),
    sourceHash: hashSources(files.map((f) => ({ path: context.relative(f.fileName), text: f.text }))),
    handlers: sortKeys(handlers),
  };
  return { manifest, problems: context.problems, manifestDir, projectDir, methodCount };
}

function scanFile(file: ts.SourceFile, context: ScanContext, names: NameRegistry): ManifestHandler[] {
  const handlers: ManifestHandler[] = [];
  for (const statement of file.statements) {
    if (!ts.isClassDeclaration(statement) || !statement.name) continue;
    const className = statement.name.text;
    const methods: Record<string, ManifestMethod> = {};
    let found = false;
    for (const member of statement.members) {
      const result = scanMember(member, className, context, names);
      if (!result) continue;
      found = true;
      if (result.entry) methods[result.name] = result.entry;
    }
    if (!found) continue;
    const line = file.getLineAndCharacterOfPosition(statement.getStart(file)).line + 1;
    handlers.push({ className, source: `${context.relative(file.fileName)}:${line}`, methods });
  }
  return handlers;
}

function relativeKey(from: string, to: string): string {
  return path.relative(from, to).split(path.sep).join('/');
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  const sorted: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) sorted[key] = record[key] as T;
  return sorted;
}
