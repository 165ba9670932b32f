import { expect } from 'chai';
import { SchemaTable } from '../../src/manifest/schema-table';
import type { JsonSchema, ToolRecord } from '../../src/metadata/handler-metadata.types';
import { jsonOf } from '../../src/metadata/known-json';
import { toolListEntry, toolListJson } from '../../src/routes/tool-list-entry';
import { SchemaCompiler } from '../../src/validation/schema-compiler';

const INPUT: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { q: { type: 'string', description: 'Text with "quotes", \u2028 and \u0000.' }, n: { type: 'integer', default: 3 } },
  required: ['q'],
  additionalProperties: false,
};
const OUTPUT: JsonSchema = { type: 'object', properties: { result: { type: 'array', items: { type: 'string' } } }, required: ['result'] };

const FULL: ToolRecord['options'] = {
  title: 'Search "all"',
  annotations: { readOnlyHint: true, title: 'x' },
  icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png' }],
  execution: { taskSupport: 'optional' },
  _meta: { 'example.com/k': [1, null, { a: 'b' }] },
} as ToolRecord['options'];

describe('toolListEntry', () => {
  const compiler = new SchemaCompiler();
  const table = new SchemaTable([INPUT, OUTPUT]);
  const input = compiler.compileListed(table, 0, 'input');
  const output = compiler.compileListed(table, 1, 'output');

  it('remembers, for manifest schemas, the exact JSON.stringify text of the frozen entry, in its key order', () => {
    for (const [options, description, out] of [
      [FULL, 'Finds things.', output],
      [{}, undefined, null],
      [{ title: 't' }, '', output],
    ] as const) {
      const entry = toolListEntry('search', options, description, input, out);
      expect(Object.isFrozen(entry)).to.equal(true);
      expect(jsonOf(entry)).to.equal(JSON.stringify(entry));
      expect(entry.inputSchema).to.equal(input.schema);
    }
    const keys = Object.keys(toolListEntry('search', FULL, 'd', input, output));
    expect(keys).to.deep.equal([
      'name',
      'title',
      'description',
      'inputSchema',
      'outputSchema',
      'annotations',
      'icons',
      'execution',
      '_meta',
    ]);
  });

  it('writes, without making the entry, the text JSON.stringify writes for it (title, annotations, icons, execution, _meta, output schema)', () => {
    for (const [options, description, out] of [
      [FULL, 'Finds "things".', output],
      [{}, undefined, null],
      [{ title: 't' }, '', output],
    ] as const) {
      expect(toolListJson('search', options, description, input, out)).to.equal(
        JSON.stringify(toolListEntry('search', options, description, input, out)),
      );
    }
    const fromCode = compiler.compileShared({ type: 'object' }, 'code');
    expect(toolListJson('plain', {}, undefined, fromCode, null)).to.equal(undefined);
    expect(toolListJson('plain', {}, undefined, input, fromCode)).to.equal(undefined);
  });

  it('compiles a manifest schema once per table entry: routes share its validator and frozen copy', () => {
    const again = compiler.compileListed(table, 0, 'another route');
    expect(again).to.equal(input);
    expect(again.schema).to.equal(table.get(0));
    expect(input.json).to.equal(JSON.stringify(input.schema));
  });

  it('remembers nothing when a schema came from code (its frozen copy is serialized as usual)', () => {
    const override = compiler.compileShared({ type: 'object', properties: { when: { type: 'string' } } }, 'override');
    expect(override.json).to.equal(undefined);
    const entry = toolListEntry('plain', {}, undefined, override, null);
    expect(jsonOf(entry)).to.equal(JSON.stringify(entry));
  });
});
