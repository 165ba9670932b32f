import { expect } from 'chai';
import type { JsonSchema, ScanResult } from '../../src';
import { createAjv, expectSelfContained, expectValidSchema } from '../helpers/schema-assertions';
import { methodOf, scanClean } from '../helpers/scan-helpers';

interface OutputCase {
  readonly name: string;
  readonly returns: string;
  /** undefined: no output schema; otherwise whether the value is wrapped as { result }. */
  readonly wrapped?: boolean;
  readonly accept?: readonly unknown[];
  readonly reject?: readonly unknown[];
}

const note = { title: 't', created: '2024-01-01T00:00:00Z' };

const CASES: readonly OutputCase[] = [
  { name: 'string', returns: 'string' },
  { name: 'string literal union', returns: "'ok' | 'failed'" },
  { name: 'void', returns: 'void' },
  { name: 'undefined', returns: 'undefined' },
  { name: 'Promise<string>', returns: 'Promise<string>' },
  { name: 'Promise<void>', returns: 'Promise<void>' },
  { name: 'unknown', returns: 'unknown' },
  { name: 'ContentBlock', returns: 'ContentBlock' },
  { name: 'ContentBlock[]', returns: 'ContentBlock[]' },
  { name: 'Promise<ToolResult>', returns: 'Promise<ToolResult>' },
  { name: 'object', returns: 'OutNote', wrapped: false, accept: [note, { ...note, extra: 1 }], reject: [{ title: 't' }] },
  { name: 'Promise<object>', returns: 'Promise<OutNote>', wrapped: false, accept: [note], reject: [{}] },
  { name: 'object | undefined', returns: 'OutNote | undefined', wrapped: false, accept: [note], reject: [{}] },
  { name: 'array', returns: 'OutNote[]', wrapped: true, accept: [{ result: [note] }, { result: [] }], reject: [{ result: [{}] }, [note]] },
  { name: 'number', returns: 'number', wrapped: true, accept: [{ result: 1 }], reject: [{ result: '1' }, {}] },
  { name: 'boolean', returns: 'Promise<boolean>', wrapped: true, accept: [{ result: true }], reject: [{ result: 1 }] },
  { name: 'Date', returns: 'Date', wrapped: true, accept: [{ result: '2024-01-01T00:00:00Z' }], reject: [{ result: 'x' }] },
  {
    name: 'object | null',
    returns: 'OutNote | null',
    wrapped: true,
    accept: [{ result: null }, { result: note }],
    reject: [{ result: 1 }],
  },
  {
    name: 'string | object',
    returns: 'string | OutNote',
    wrapped: true,
    accept: [{ result: 'a' }, { result: note }],
    reject: [{ result: 1 }],
  },
  { name: 'union of objects', returns: 'OutA | OutB', wrapped: false, accept: [{ a: 1 }, { b: 'x' }], reject: [{ a: 'x' }] },
  { name: 'Record', returns: 'Record<string, number>', wrapped: false, accept: [{ x: 1 }], reject: [{ x: 'a' }] },
  { name: 'recursive', returns: 'OutTree', wrapped: false, accept: [{ v: 1, kids: [{ v: 2, kids: [] }] }], reject: [{ v: 1, kids: [{}] }] },
  { name: 'class instance', returns: 'OutEntity', wrapped: false, accept: [{ id: 'a' }], reject: [{ id: 1 }] },
  { name: 'tuple', returns: '[number, string]', wrapped: true, accept: [{ result: [1, 'a'] }], reject: [{ result: ['a', 1] }] },
];

const DECLARATIONS = `
export interface OutNote { title: string; tags?: string[]; created: Date }
export interface OutA { a: number }
export interface OutB { b: string }
export interface OutTree { v: number; kids: OutTree[] }
export class OutEntity { id = ''; label(): string { return this.id; } }
`;

/** The handler class; with `schemaDefs`, the class-level `@schemaDefs` tag applies to every method. */
function source(schemaDefs: boolean): string {
  const methods = CASES.map((c, i) => `  @Tool()\n  out${i}(): ${c.returns} { return undefined as never; }\n`).join('');
  const classDoc = schemaDefs ? '/** @schemaDefs */\n' : '';
  return `import { Tool, ContentBlock, ToolResult } from '@armature/core';\n${DECLARATIONS}\n${classDoc}export class Outputs {\n${methods}}\n`;
}

for (const schemaDefs of [false, true])
  describe(`output schemas from return types${schemaDefs ? ' (with @schemaDefs)' : ''}`, () => {
    let result: ScanResult;
    before(() => {
      result = scanClean(source(schemaDefs), 'src/outputs.handlers.ts');
    });

    CASES.forEach((c, i) => {
      it(`${c.name}: ${c.wrapped === undefined ? 'no output schema' : c.wrapped ? 'wrapped as { result }' : 'the object schema'}`, () => {
        const method = methodOf(result, 'Outputs', `out${i}`);
        if (c.wrapped === undefined) {
          expect(method).not.to.have.property('outputSchema');
          expect(method).not.to.have.property('outputWrapped');
          return;
        }
        const ajv = createAjv();
        const schema = method.outputSchema as JsonSchema;
        expectValidSchema(ajv, schema);
        expectSelfContained(schema);
        expect(schema.type).to.equal('object');
        expect(schema.$schema).to.equal('https://json-schema.org/draft/2020-12/schema');
        expect(schema, 'the top describes the result itself').not.to.have.property('$ref');
        expect(method.outputWrapped).to.equal(c.wrapped);
        if (c.wrapped) expect(schema.required).to.deep.equal(['result']);
        const validate = ajv.compile(schema);
        for (const value of c.accept ?? [])
          expect(validate(value), `${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`).to.equal(true);
        for (const value of c.reject ?? []) expect(validate(value), `${JSON.stringify(value)} should be rejected`).to.equal(false);
      });
    });
  });
