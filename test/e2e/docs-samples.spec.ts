import { expect } from 'chai';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

// Pages whose samples no package's own docs test compiles (the others are compiled next to the
// code they describe: core, http, schema, testing).
const REPO = join(__dirname, '../../..');
const PAGES = ['di.md', 'cli.md'];

function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
}

describe('docs pages without a package of their own: every ts sample compiles', () => {
  it('compiles di.md and cli.md against the built packages (strict)', function () {
    this.timeout(120_000);
    // Inside the repository, so `@armature/*` resolve through the workspace node_modules.
    const dir = join(REPO, 'test/dist/.docs-examples');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files: string[] = [];
    for (const page of PAGES) {
      tsBlocks(readFileSync(join(REPO, 'docs', page), 'utf8')).forEach((code, i) => {
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
});
