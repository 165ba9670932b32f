import { expect } from 'chai';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { EngineErrorCode } from '../../src/errors/engine-error-codes';
import { LocalErrorCode } from '../../src/errors/local-error-codes';

const REPO = join(__dirname, '../../../../..');
const PAGES = ['tools.md', 'resources.md', 'prompts.md', 'request-context.md', 'guards.md'];
const read = (page: string): string => readFileSync(join(REPO, 'docs', page), 'utf8');

function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
}

describe('docs pages of the application layer', () => {
  it('every ts example compiles against the built @armature/core (strict)', function () {
    this.timeout(120_000);
    // Inside the repository, so `@armature/core` resolves through the workspace node_modules.
    const dir = join(REPO, 'packages/core/dist/.docs-examples');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files: string[] = [];
    for (const page of PAGES) {
      tsBlocks(read(page)).forEach((code, i) => {
        const file = join(dir, `${page.replace('.md', '')}-${i}.ts`);
        writeFileSync(file, `${code}\nexport {};\n`);
        files.push(file);
      });
    }
    expect(files.length).to.be.at.least(PAGES.length);
    const program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.Node16,
      moduleResolution: ts.ModuleResolutionKind.Node16,
      strict: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      useDefineForClassFields: false,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
      lib: ['lib.es2022.d.ts'],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    rmSync(dir, { recursive: true, force: true });
    expect(problems).to.deep.equal([]);
  });

  it('name every application-layer error code, and only codes that exist', () => {
    const text = PAGES.map(read).join('\n');
    const engine = new Set<string>(Object.values(EngineErrorCode));
    const registry = new Set<string>(Object.values(LocalErrorCode));
    const own = [...registry].filter((code) => !engine.has(code));
    expect(own.filter((code) => !text.includes(code)), 'codes missing from docs').to.deep.equal([]);
    const mentioned = [...new Set(text.match(/ARM_ERR_[A-Z_]+/g) ?? [])];
    expect(mentioned.filter((code) => !registry.has(code)), 'docs name unknown codes').to.deep.equal([]);
  });
});
