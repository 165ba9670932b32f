import { expect } from 'chai';
import * as ts from 'typescript';
import { reuseUnchangedSourceFiles } from '../src/build/source-file-reuse';

/** An in-memory compiler host over `files`, counting parses. */
function memoryHost(files: Map<string, string>, options: ts.CompilerOptions): { host: ts.CompilerHost; parses: string[] } {
  const base = ts.createCompilerHost(options);
  const parses: string[] = [];
  const host: ts.CompilerHost = {
    ...base,
    fileExists: (f) => files.has(f) || base.fileExists(f),
    readFile: (f) => files.get(f) ?? base.readFile(f),
    getSourceFile: (f, language, onError, fresh) => {
      const text = files.get(f);
      if (text === undefined) return base.getSourceFile(f, language, onError, fresh);
      parses.push(f);
      // Builder programs need a version per file; the solution builder's host sets a hash.
      return Object.assign(ts.createSourceFile(f, text, language), { version: text });
    },
    writeFile: () => undefined,
  };
  return { host, parses };
}

describe('reuseUnchangedSourceFiles (armature dev rebuilds)', () => {
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, noLib: true, types: [] };
  const create = reuseUnchangedSourceFiles(ts.createEmitAndSemanticDiagnosticsBuilderProgram);

  it('parses only the files whose text changed, and sees the change', () => {
    const files = new Map([
      ['/p/a.ts', 'export const a = 1;'],
      ['/p/b.ts', 'export const b = 2;'],
    ]);
    const { host, parses } = memoryHost(files, options);
    const first = create(['/p/a.ts', '/p/b.ts'], options, host);
    expect(parses).to.deep.equal(['/p/a.ts', '/p/b.ts']);
    files.set('/p/b.ts', 'export const b = 3;');
    const second = create(['/p/a.ts', '/p/b.ts'], options, host, first);
    expect(parses).to.deep.equal(['/p/a.ts', '/p/b.ts', '/p/b.ts']);
    expect(second.getSourceFile('/p/a.ts')).to.equal(first.getSourceFile('/p/a.ts'));
    expect(second.getSourceFile('/p/b.ts')?.text).to.equal('export const b = 3;');
  });

  it('parses everything again when the compiler options change', () => {
    const files = new Map([['/q/a.ts', 'export const a = 1;']]);
    const { host, parses } = memoryHost(files, options);
    create(['/q/a.ts'], options, host);
    const stricter = { ...options, strict: true };
    create(['/q/a.ts'], stricter, host);
    expect(parses).to.deep.equal(['/q/a.ts', '/q/a.ts']);
  });
});
