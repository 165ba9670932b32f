import * as path from 'node:path';
import type * as ts from 'typescript';

/**
 * Where TypeScript emits a source file, following its own rules: relative to `rootDir`
 * (or, without it, the tsconfig folder for composite projects, else the common folder of
 * all emitted sources) inside `outDir`, or beside the source when there is no `outDir`.
 */
export class OutputPaths {
  private readonly rootDir: string;

  constructor(
    private readonly options: ts.CompilerOptions,
    emittedSources: readonly string[],
  ) {
    const configDir = typeof options.configFilePath === 'string' ? path.dirname(options.configFilePath) : undefined;
    this.rootDir = options.rootDir ?? (options.composite && configDir ? configDir : commonDir(emittedSources));
  }

  /** The compiled JavaScript file of a source file. */
  jsFileOf(sourceFile: string): string {
    const placed = this.options.outDir ? path.join(this.options.outDir, path.relative(this.rootDir, sourceFile)) : sourceFile;
    return replaceExtension(placed, this.options.jsx);
  }
}

function replaceExtension(file: string, jsx: ts.JsxEmit | undefined): string {
  const preserveJsx = jsx === 1 /* Preserve */ || jsx === 3; /* ReactNative */
  if (/\.d\.[cm]?ts$/.test(file)) return file;
  if (file.endsWith('.mts')) return `${file.slice(0, -4)}.mjs`;
  if (file.endsWith('.cts')) return `${file.slice(0, -4)}.cjs`;
  if (file.endsWith('.tsx')) return `${file.slice(0, -4)}${preserveJsx ? '.jsx' : '.js'}`;
  if (file.endsWith('.ts')) return `${file.slice(0, -3)}.js`;
  return file;
}

function commonDir(files: readonly string[]): string {
  if (files.length === 0) return process.cwd();
  let common = path.dirname(files[0] ?? '').split(/[\\/]/);
  for (const file of files.slice(1)) {
    const parts = path.dirname(file).split(/[\\/]/);
    let i = 0;
    while (i < common.length && i < parts.length && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  return common.join('/') || '/';
}
