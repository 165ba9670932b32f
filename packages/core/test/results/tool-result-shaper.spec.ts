import { expect } from 'chai';
import { text, image } from '../../src/results/content.helpers';
import { OutputViolation } from '../../src/results/output-violation';
import { ToolResult } from '../../src/results/tool-result';
import { shapeToolResult, type ToolOutput } from '../../src/results/tool-result.shaper';
import { SchemaCompiler } from '../../src/validation/schema-compiler';
import { assertSchema } from '../support/wire-schema';

const compiler = new SchemaCompiler();
function output(schema: Record<string, unknown>, wrapped = false): ToolOutput {
  return { validate: compiler.compile(schema, 'test'), wrapped };
}
function shaped(value: unknown, out: ToolOutput | null = null): ReturnType<typeof shapeToolResult> {
  const result = shapeToolResult(value, out);
  assertSchema('CallToolResult', result);
  return result;
}

describe('tool result shaping', () => {
  it('a string is one text block', () => {
    expect(shaped('hi')).to.deep.equal({ content: [{ type: 'text', text: 'hi' }] });
  });

  it('undefined and null are empty content', () => {
    expect(shaped(undefined)).to.deep.equal({ content: [] });
    expect(shaped(null)).to.deep.equal({ content: [] });
  });

  it('an object is structuredContent plus its JSON as text (JSON-normalized)', () => {
    const when = new Date('2025-01-01T00:00:00Z');
    expect(shaped({ a: 1, when, skip: undefined })).to.deep.equal({
      content: [{ type: 'text', text: '{"a":1,"when":"2025-01-01T00:00:00.000Z"}' }],
      structuredContent: { a: 1, when: '2025-01-01T00:00:00.000Z' },
    });
  });

  it('arrays and primitives without an output schema are JSON text only', () => {
    expect(shaped([1, 2])).to.deep.equal({ content: [{ type: 'text', text: '[1,2]' }] });
    expect(shaped(42)).to.deep.equal({ content: [{ type: 'text', text: '42' }] });
    expect(shaped(false)).to.deep.equal({ content: [{ type: 'text', text: 'false' }] });
  });

  it('content helpers pass through, alone or in arrays', () => {
    expect(shaped(text('a'))).to.deep.equal({ content: [{ type: 'text', text: 'a' }] });
    expect(shaped([text('a'), image('AQID', 'image/png')]).content).to.have.length(2);
  });

  it('a ToolResult passes through unchanged', () => {
    const result = ToolResult({ content: [text('quota')], isError: true, _meta: { k: 1 } });
    expect(shaped(result)).to.equal(result);
  });

  it('with an output schema: the value is validated and sent as structuredContent and JSON text', () => {
    const out = output({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
    expect(shaped({ id: 'n1' }, out)).to.deep.equal({ content: [{ type: 'text', text: '{"id":"n1"}' }], structuredContent: { id: 'n1' } });
  });

  it('wrapped output schemas put arrays and primitives under "result"', () => {
    const out = output(
      { type: 'object', properties: { result: { type: 'array', items: { type: 'number' } } }, required: ['result'] },
      true,
    );
    expect(shaped([1, 2], out)).to.deep.equal({
      content: [{ type: 'text', text: '{"result":[1,2]}' }],
      structuredContent: { result: [1, 2] },
    });
  });

  it('a value the output schema rejects throws OutputViolation naming the field', () => {
    const out = output({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
    expect(() => shapeToolResult({ id: 7 }, out)).to.throw(OutputViolation, /id: must be a string/);
    expect(() => shapeToolResult(undefined, out)).to.throw(OutputViolation, /must be an object/);
    expect(() => shapeToolResult('text', out)).to.throw(OutputViolation);
  });

  it('with an output schema, look-alike plain objects are data, not content', () => {
    const out = output({ type: 'object', properties: { type: { type: 'string' }, text: { type: 'string' } } });
    expect(shaped({ type: 'text', text: 'x' }, out).structuredContent).to.deep.equal({ type: 'text', text: 'x' });
  });

  it('values that cannot be JSON throw (the route answers -32603)', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => shapeToolResult(cyclic, null)).to.throw(TypeError);
    expect(() => shapeToolResult(10n, null)).to.throw(TypeError);
  });
});
