import type * as ts from 'typescript';
import { createInMemoryProgram } from './program/in-memory-program';
import { createProgramFromTsconfig } from './program/tsconfig-program';
import { scanProgram, type ScanOptions, type ScanResult } from './scan/project-scanner';

/** Creates the program of a tsconfig and scans it (no compilation, no files written). */
export function scanProject(tsconfigPath: string, options: ScanOptions = {}): ScanResult {
  return scanProgram(createProgramFromTsconfig(tsconfigPath), options);
}

/**
 * Scans source texts held in memory (`{ 'src/a.ts': '…' }`, relative to `baseDir`).
 * Handy for tests and for tools that generate handlers.
 */
export function scanSources(
  files: Readonly<Record<string, string>>,
  options: ScanOptions & { readonly baseDir?: string; readonly compilerOptions?: ts.CompilerOptions } = {},
): ScanResult {
  const baseDir = options.baseDir ?? process.cwd();
  const program = createInMemoryProgram(files, baseDir, options.compilerOptions);
  return scanProgram(program, { projectDir: baseDir, ...options });
}
