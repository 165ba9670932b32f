import * as path from 'node:path';
import { expect } from 'chai';
import { formatProblems, scanSources, type ManifestMethod, type ScanResult } from '../../src';

/**
 * A folder inside the package, so `@armature/core` resolves the way it does for an app in
 * this workspace. Nothing is written there: sources live in memory.
 */
export const VIRTUAL_DIR = path.join(__dirname, '..', '..', '..', 'virtual-project');

/** Scans in-memory sources placed in {@link VIRTUAL_DIR}. */
export function scan(files: Readonly<Record<string, string>>): ScanResult {
  return scanSources(files, { baseDir: VIRTUAL_DIR });
}

/** Scans one handler file and asserts there are no problems. */
export function scanClean(source: string, file = 'src/handlers.ts'): ScanResult {
  const result = scan({ [file]: source });
  expect(result.problems, formatProblems(result.problems)).to.deep.equal([]);
  return result;
}

/** The entry of `Class.method` in a scan result (handler keys are looked up by class name). */
export function methodOf(result: ScanResult, className: string, method: string): ManifestMethod {
  const handler = Object.values(result.manifest.handlers).find((h) => h.className === className);
  const entry = handler?.methods[method];
  expect(entry, `${className}.${method} in the manifest`).to.not.equal(undefined);
  return entry as ManifestMethod;
}

/** The problem messages of a scan, formatted as the CLI prints them. */
export function problemLines(result: ScanResult): string[] {
  return formatProblems(result.problems).split('\n').slice(0, -1);
}
