import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/** Compiler options for sources given in memory, matching Armature's own defaults. */
export const IN_MEMORY_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  strict: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  useDefineForClassFields: false,
  skipLibCheck: true,
  outDir: 'dist',
  rootDir: '.',
  types: [],
};

/**
 * Creates a program over source texts held in memory (file names relative to `baseDir`);
 * everything else — lib files, `node_modules`, `@armature/core` when it can be found — is
 * read from disk. Used by tests and tools that scan generated code.
 */
export function createInMemoryProgram(
  files: Readonly<Record<string, string>>,
  baseDir: string = process.cwd(),
  options: ts.CompilerOptions = IN_MEMORY_OPTIONS,
): ts.Program {
  const resolvedOptions: ts.CompilerOptions = {
    ...options,
    outDir: options.outDir === undefined ? undefined : path.resolve(baseDir, options.outDir),
    rootDir: options.rootDir === undefined ? undefined : path.resolve(baseDir, options.rootDir),
  };
  const sources = new Map(Object.entries(files).map(([name, text]) => [path.resolve(baseDir, name), text]));
  const host = ts.createCompilerHost(resolvedOptions, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getCurrentDirectory = () => baseDir;
  const dirs = new Set([...sources.keys()].flatMap(ancestors));
  const directoryExists = host.directoryExists?.bind(host);
  host.fileExists = (name) => sources.has(path.resolve(baseDir, name)) || fileExists(name);
  host.directoryExists = (name) => dirs.has(path.resolve(baseDir, name)) || (directoryExists?.(name) ?? false);
  host.readFile = (name) => sources.get(path.resolve(baseDir, name)) ?? readFile(name);
  host.getSourceFile = (name, languageVersion, onError, shouldCreate) => {
    const text = sources.get(path.resolve(baseDir, name));
    if (text !== undefined) return ts.createSourceFile(name, text, languageVersion, true);
    return cachedDiskFile(name, languageVersion, () => getSourceFile(name, languageVersion, onError, shouldCreate));
  };
  host.writeFile = () => undefined;
  return ts.createProgram([...sources.keys()], resolvedOptions, host);
}

function ancestors(file: string): string[] {
  const result: string[] = [];
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    result.push(dir);
    if (path.dirname(dir) === dir) return result;
  }
}

/**
 * Files read from disk (lib files, declarations under node_modules) parsed once per process
 * and reused while their mtime holds: repeated in-memory scans then cost little.
 */
const diskFiles = new Map<string, { readonly mtimeMs: number; readonly file: ts.SourceFile }>();

function cachedDiskFile(
  name: string,
  languageVersion: ts.ScriptTarget | ts.CreateSourceFileOptions,
  read: () => ts.SourceFile | undefined,
): ts.SourceFile | undefined {
  const version = typeof languageVersion === 'object' ? JSON.stringify(languageVersion) : String(languageVersion);
  const key = `${version}:${name}`;
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(name).mtimeMs;
  } catch {
    return read();
  }
  const cached = diskFiles.get(key);
  if (cached && cached.mtimeMs === mtimeMs) return cached.file;
  const file = read();
  if (file) diskFiles.set(key, { mtimeMs, file });
  return file;
}
