import { expect } from 'chai';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { EngineErrorCode } from '../../src/errors/engine-error-codes';
import { WireErrorCode } from '../../src/errors/wire-error-codes';

const REPO = join(__dirname, '../../../../..');
const README = readFileSync(join(REPO, 'packages/core/README.md'), 'utf8');
const TRANSPORTS = readFileSync(join(REPO, 'docs/transports.md'), 'utf8');

function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
}

describe('engine documentation', () => {
  it('compiles every ts example of the core README and docs/transports.md (strict)', function () {
    this.timeout(120_000);
    const dir = join(REPO, 'packages/core/dist/.engine-docs-examples');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files = [...tsBlocks(README), ...tsBlocks(TRANSPORTS)].map((code, i) => {
      const file = join(dir, `example-${i}.ts`);
      writeFileSync(file, `${code}\nexport {};\n`);
      return file;
    });
    expect(files.length).to.be.at.least(3);
    const program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.Node16,
      moduleResolution: ts.ModuleResolutionKind.Node16,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
      lib: ['lib.es2022.d.ts'],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName.slice(dir.length + 1) ?? ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    rmSync(dir, { recursive: true, force: true });
    expect(problems).to.deep.equal([]);
  });

  it('lists every wire error code with its name in the README table', () => {
    for (const [name, code] of Object.entries(WireErrorCode)) {
      expect(README, `${name} ${code}`).to.match(new RegExp(`\\| ${code} \\| \`${name}\` \\|`));
    }
  });

  it('names every engine error code in the README, and only codes that exist', () => {
    for (const code of Object.values(EngineErrorCode)) expect(README, code).to.contain(code);
    const known = new Set<string>(Object.values(EngineErrorCode));
    const mentioned = [...new Set([...(README.match(/ARM_ERR_[A-Z_]+/g) ?? []), ...(TRANSPORTS.match(/ARM_ERR_[A-Z_]+/g) ?? [])])];
    expect(mentioned.filter((code) => !known.has(code))).to.deep.equal([]);
  });
});
