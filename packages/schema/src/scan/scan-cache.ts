import { createHash } from 'node:crypto';
import type * as ts from 'typescript';
import type { FileScan } from './file-scanner';

/**
 * Keeps each file's scan between watch cycles. An entry is reused while the file and every
 * file it depends on (transitively, as TypeScript's incremental builder tracks them) have the
 * same text, so a one-line change rescans only the files whose types it can affect.
 */
export class ScanCache {
  private readonly entries = new Map<string, { readonly signature: string; readonly scan: FileScan }>();
  /** Source files are reused across watch programs, so a text hash is computed once per file version. */
  private readonly textHashes = new WeakMap<ts.SourceFile, string>();

  /**
   * The cached scan of a file, or the result of `scan` (then cached). `dependencies` are the
   * files it depends on, e.g. from `BuilderProgram.getAllDependencies`.
   */
  scanFile(file: ts.SourceFile, program: ts.Program, dependencies: readonly string[], scan: () => FileScan): FileScan {
    const signature = this.signature(file, program, dependencies);
    const cached = this.entries.get(file.fileName);
    if (cached && cached.signature === signature) return cached.scan;
    const result = scan();
    this.entries.set(file.fileName, { signature, scan: result });
    return result;
  }

  private signature(file: ts.SourceFile, program: ts.Program, dependencies: readonly string[]): string {
    const names = new Set([file.fileName, ...dependencies]);
    const hash = createHash('sha256');
    for (const name of [...names].sort()) {
      const dependency = program.getSourceFile(name);
      hash
        .update(name)
        .update('\0')
        .update(dependency ? this.textHash(dependency) : 'missing')
        .update('\0');
    }
    return hash.digest('hex');
  }

  private textHash(file: ts.SourceFile): string {
    let hash = this.textHashes.get(file);
    if (hash === undefined) {
      hash = createHash('sha256').update(file.text).digest('hex');
      this.textHashes.set(file, hash);
    }
    return hash;
  }
}
