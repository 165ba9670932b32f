import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { createInMemoryProgram, KEYWORD_TAGS, NOTE_CODES, PROBLEM_CODES, scanProgram, WARNING_CODES, type JsonSchema } from '../src';

const SCHEMAS_DOC = path.join(__dirname, '..', '..', '..', '..', 'docs', 'schemas.md');
const PACKAGE_DIR = path.join(__dirname, '..', '..');

describe('docs/schemas.md', () => {
  const doc = fs.readFileSync(SCHEMAS_DOC, 'utf8');

  it('documents every build problem code, and no other', () => {
    const documented = [...doc.matchAll(/^\| `(ARM_ERR_[A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented).to.have.members(Object.keys(PROBLEM_CODES));
  });

  it('documents every build note code, and no other', () => {
    const documented = [...doc.matchAll(/^\| `(ARM_NOTE_[A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented).to.have.members(Object.keys(NOTE_CODES));
  });

  it('documents every build warning code, and no other', () => {
    const documented = [...doc.matchAll(/^\| `(ARM_WARN_[A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented).to.have.members(Object.keys(WARNING_CODES));
  });

  it('documents every JSDoc keyword tag', () => {
    for (const tag of KEYWORD_TAGS) expect(doc, `@${tag}`).to.contain(`\`@${tag}\``);
  });

  it('has a DTO-constraints sample that compiles (strict) and builds the schema its comment shows, without notes', function () {
    this.timeout(60_000);
    const match = /<!-- dto-constraints-sample -->\n```ts\n([\s\S]*?)```/.exec(doc);
    expect(match, 'the marked sample').to.not.equal(null);
    const program = createInMemoryProgram({ 'src/users.ts': (match as RegExpExecArray)[1] as string }, PACKAGE_DIR);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).to.deep.equal([]);
    const result = scanProgram(program, { projectDir: PACKAGE_DIR });
    expect(result.problems).to.deep.equal([]);
    expect(result.notes).to.deep.equal([]);
    const handler = Object.values(result.manifest.handlers).find((h) => h.className === 'Users');
    const schema = handler?.methods.createUser?.inputSchema as JsonSchema;
    const properties = schema.properties as Record<string, JsonSchema>;
    expect(properties.email).to.deep.equal({ type: 'string', format: 'email' });
    expect(properties.name).to.deep.equal({ type: 'string', minLength: 2, maxLength: 40 });
    expect(properties.age).to.deep.equal({ type: 'integer', minimum: 0, maximum: 150 });
    expect(properties.handle).to.deep.equal({ type: 'string', pattern: '^[a-z0-9-]+$' });
    expect(properties.tags).to.deep.equal({ type: 'array', items: { type: 'string' }, maxItems: 5 });
    expect(schema.required).to.not.include('tags');
    expect((properties.address?.properties as Record<string, JsonSchema>).street).to.deep.equal({
      type: 'string',
      minLength: 2,
      maxLength: 40,
    });
  });

  it('has a titled-options sample that compiles (strict) and builds the shapes its comments show, without notes', function () {
    this.timeout(60_000);
    const match = /<!-- titled-options-sample -->\n```ts\n([\s\S]*?)```/.exec(doc);
    expect(match, 'the marked sample').to.not.equal(null);
    const program = createInMemoryProgram({ 'src/cafe.ts': (match as RegExpExecArray)[1] as string }, PACKAGE_DIR);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).to.deep.equal([]);
    const result = scanProgram(program, { projectDir: PACKAGE_DIR });
    expect(result.problems).to.deep.equal([]);
    expect(result.notes).to.deep.equal([]);
    const handler = Object.values(result.manifest.handlers).find((h) => h.className === 'Cafe');
    const properties = (handler?.methods.order?.inputSchema as JsonSchema).properties as Record<string, JsonSchema>;
    expect(properties.size).to.deep.equal({
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small (250 ml)' },
        { const: 'l', title: 'Large (500 ml)' },
      ],
    });
    expect(properties.temperature?.oneOf).to.deep.equal([
      { const: 'hot', title: 'Served hot' },
      { const: 'iced', title: 'Over ice' },
    ]);
    expect(properties.extras).to.deep.equal({
      type: 'array',
      items: {
        type: 'string',
        anyOf: [
          { const: 'meal', title: 'Hot meal' },
          { const: 'wifi', title: 'On-board Wi-Fi' },
        ],
      },
    });
  });
});
