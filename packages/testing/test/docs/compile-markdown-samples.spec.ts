import { expect } from 'chai';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMarkdownSamples } from '../../src';
import { REPO } from './markdown-blocks';

describe('compileMarkdownSamples', () => {
  // Inside the repository, so @armature/* resolve through the workspace node_modules.
  const base = join(REPO, 'packages/testing/dist/.compile-markdown-samples');
  const pages = join(base, 'pages');
  const workDir = join(base, 'work');

  before(() => {
    rmSync(base, { recursive: true, force: true });
    mkdirSync(pages, { recursive: true });
    writeFileSync(
      join(pages, 'good.md'),
      [
        '# Good',
        '```ts',
        "import { Tool } from '@armature/core';",
        'export class Greeter {',
        "  @Tool({ description: 'Greets.' })",
        '  greet(input: { name: string }): string {',
        '    return `hello ${input.name}`;',
        '  }',
        '}',
        '```',
        '```sh',
        'this is not TypeScript',
        '```',
        '```ts',
        'const n: number = 1;',
        '```',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(pages, 'named.md'),
      [
        '# Named',
        '```ts',
        '// greeting.ts',
        "export const greeting = 'hi';",
        '```',
        '```ts',
        "import { greeting } from './greeting';",
        'const text: string = greeting;',
        '```',
        '```ts',
        '// greeting.tools.ts',
        "export const tools = ['greet'];",
        '```',
        '```ts',
        "import { tools } from './greeting.tools';",
        'const names: string[] = tools;',
        '```',
        '',
      ].join('\n'),
    );
    writeFileSync(join(pages, 'bad.md'), ['# Bad', 'text', '```ts', '', 'const n: number = "one";', '```', ''].join('\n'));
  });

  after(() => rmSync(base, { recursive: true, force: true }));

  it('compiles every ts block, one module each, and reports nothing when all compile', function () {
    this.timeout(60_000);
    const result = compileMarkdownSamples([join(pages, 'good.md')], { workDir });
    expect(result.samples.map((file) => file.slice(workDir.length + 1))).to.deep.equal(['0-good-0.ts', '0-good-1.ts']);
    expect(result.diagnostics).to.deep.equal([]);
    expect(existsSync(workDir), 'workDir removed afterwards').to.equal(false);
  });

  it('writes a block that names itself on its first line under that name, so later blocks can import it', function () {
    this.timeout(60_000);
    const result = compileMarkdownSamples([join(pages, 'named.md')], { workDir });
    expect(result.samples.map((file) => file.slice(workDir.length + 1))).to.deep.equal([
      'greeting.ts',
      '0-named-1.ts',
      'greeting.tools.ts',
      '0-named-3.ts',
    ]);
    expect(result.diagnostics).to.deep.equal([]);
  });

  it('reports each diagnostic as file:line and message', function () {
    this.timeout(60_000);
    const result = compileMarkdownSamples([join(pages, 'good.md'), join(pages, 'bad.md')], { workDir });
    expect(result.samples).to.have.length(3);
    expect(result.diagnostics).to.have.length(1);
    expect(result.diagnostics[0]).to.match(/^1-bad-0\.ts:2 Type 'string' is not assignable to type 'number'\./);
    expect(existsSync(workDir), 'workDir removed afterwards').to.equal(false);
  });
});
