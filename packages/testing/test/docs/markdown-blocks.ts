import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/** The repository root (tests run from packages/testing/dist/test/docs). */
export const REPO = join(__dirname, '../../../../..');

/** A fenced code block of a Markdown page, with the file it stands for (`<!-- file: … -->`). */
export interface CodeBlock {
  readonly lang: string;
  readonly code: string;
  readonly file: string | undefined;
}

/** Every fenced block of `page` (relative to the repository root), in order. */
export function codeBlocks(page: string): CodeBlock[] {
  const markdown = readFileSync(join(REPO, page), 'utf8');
  return [...markdown.matchAll(/(?:<!-- file: (\S+) -->\n)?```(\w*)\n([\s\S]*?)```/g)].map((m) => ({
    file: m[1],
    lang: m[2] ?? '',
    code: m[3] ?? '',
  }));
}

/** Compiler options of this repository (strict, legacy decorators, CommonJS through Node16). */
export const STRICT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  strict: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  useDefineForClassFields: false,
  skipLibCheck: true,
  noEmit: true,
  types: ['node', 'mocha'],
  lib: ['lib.es2022.d.ts'],
};

/** Type-checks `files`; one line per diagnostic, paths relative to `dir`. */
export function typeCheck(files: readonly string[], dir: string): string[] {
  const program = ts.createProgram(files, STRICT_OPTIONS);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}
