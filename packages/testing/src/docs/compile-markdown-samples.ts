import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type * as TS from 'typescript';
import { requireOptionalPeer } from '../errors/optional-peer';

/** Options of {@link compileMarkdownSamples}. */
export interface CompileMarkdownSamplesOptions {
  /**
   * Where the samples are written, one `.ts` file each. Put it inside your project, so that
   * imports of your packages resolve through its `node_modules`. Emptied first, removed after.
   */
  readonly workDir: string;
  /** Type packages the samples may use (`compilerOptions.types`); default `['node']`. */
  readonly types?: readonly string[];
}

/** What {@link compileMarkdownSamples} compiled and what the compiler said. */
export interface MarkdownSamplesResult {
  /**
   * The sample files written, one per ` ```ts ` block, in page order: `<page>-<n>.ts`, or the
   * name a block gives itself on its first line (`// introspect.ts`).
   */
  readonly samples: readonly string[];
  /** One line per diagnostic, `file:line message` with the file relative to `workDir`; empty when all compile. */
  readonly diagnostics: readonly string[];
}

/**
 * Type-checks every ` ```ts ` block of the Markdown `pages` (paths), each as its own module.
 * A block whose first line is a comment naming a file (`// introspect.ts`) is written under
 * that name, so later samples can import it (`import { introspect } from './introspect'`).
 * with the options an Armature project uses: strict, ES2022, Node16 modules, legacy
 * decorators with metadata, `useDefineForClassFields: false`, `skipLibCheck`. Needs
 * `typescript` (an optional peer).
 */
export function compileMarkdownSamples(pages: readonly string[], options: CompileMarkdownSamplesOptions): MarkdownSamplesResult {
  const ts = requireOptionalPeer<typeof TS>('typescript', 'compileMarkdownSamples');
  const dir = options.workDir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    const samples: string[] = [];
    pages.forEach((page, p) => {
      const name = `${basename(page).replace(/\.md$/i, '').replace(/\W+/g, '-')}`;
      const blocks = [...readFileSync(page, 'utf8').matchAll(/```(\w*)\n([\s\S]*?)```/g)].filter((m) => m[1] === 'ts');
      blocks.forEach((m, i) => {
        const code = m[2] ?? '';
        const named = /^\/\/ ([\w.-]+\.ts)\n/.exec(code)?.[1];
        const file = join(dir, named ?? `${p}-${name}-${i}.ts`);
        writeFileSync(file, `${code}\nexport {};\n`);
        samples.push(file);
      });
    });
    const program = ts.createProgram(samples, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.Node16,
      moduleResolution: ts.ModuleResolutionKind.Node16,
      strict: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      useDefineForClassFields: false,
      skipLibCheck: true,
      noEmit: true,
      types: [...(options.types ?? ['node'])],
      lib: ['lib.es2022.d.ts'],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    return { samples, diagnostics };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
