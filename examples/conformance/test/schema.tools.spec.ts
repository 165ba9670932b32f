import 'reflect-metadata';
import { expect } from 'chai';
import { Armature } from '@armature/core';
import { Module } from '@armature/di';
import { SchemaTools } from '../src/schema.tools';

/** The input schema the conformance suite (0.2, json-schema-2020-12) lists as its reference. */
const SUITE_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { address: { $anchor: 'addressDef', type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** A schema without its descriptions (the suite's has none; ours keep the JSDoc). */
function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description')
      .map(([key, inner]) => [key, withoutDescriptions(inner)]),
  );
}

@Module({ handlers: [SchemaTools] })
class SchemaModule {}

describe('examples/conformance: schema tools (built manifest)', () => {
  let app: Armature;
  before(async () => {
    app = await Armature.create(SchemaModule, { name: 'schema-tools', version: '1.0.0' });
  });
  after(() => app.close());

  const listed = (name: string) => app.tools.list().find((tool) => tool.name === name)?.inputSchema;

  it("lists json_schema_2020_12_tool with exactly the suite's input schema, descriptions aside", () => {
    expect(withoutDescriptions(listed('json_schema_2020_12_tool'))).to.deep.equal(SUITE_SCHEMA);
  });

  it('lists test_custom_headers with its x-mcp-header parameters', () => {
    expect(withoutDescriptions(listed('test_custom_headers'))).to.deep.equal({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        priority: { type: 'integer', 'x-mcp-header': 'Priority' },
        verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' },
      },
      required: ['region'],
      additionalProperties: false,
    });
  });
});
