import { expect } from 'chai';
import { JSON_SCHEMA_DIALECT, type JsonSchema } from '../src';
import { createAjv, expectSelfContained, expectValidSchema } from './helpers/schema-assertions';
import { methodOf, problemLines, scan, scanClean } from './helpers/scan-helpers';

const ADDRESS = `/**
 * A postal address.
 * @defName address
 */
export interface Address {
  street?: string;
  city?: string;
}`;

describe('@schemaDefs and @defName', () => {
  it('keeps a named type under $defs with the key its @defName gives (the conformance tool)', () => {
    const result = scanClean(`import { Tool } from '@armature/core';
${ADDRESS}
export class SchemaTools {
  /**
   * Tool with JSON Schema 2020-12 features.
   * @param name A name.
   * @schemaDefs
   */
  @Tool({ name: 'json_schema_2020_12_tool' })
  jsonSchema2020(name?: string, address?: Address): string { return ''; }
}`);
    const schema = methodOf(result, 'SchemaTools', 'jsonSchema2020').inputSchema as JsonSchema;
    expect(schema).to.deep.equal({
      $schema: JSON_SCHEMA_DIALECT,
      type: 'object',
      properties: {
        name: { type: 'string', description: 'A name.' },
        address: { $ref: '#/$defs/address' },
      },
      additionalProperties: false,
      $defs: {
        address: {
          description: 'A postal address.',
          type: 'object',
          properties: { street: { type: 'string' }, city: { type: 'string' } },
          additionalProperties: false,
        },
      },
    });
    const ajv = createAjv();
    expectValidSchema(ajv, schema);
    const validate = ajv.compile(schema);
    expect(validate({ address: { city: 'Paris' } })).to.equal(true);
    expect(validate({ address: { city: 1 } })).to.equal(false);
    expect(validate({ address: { city: 'Paris', zip: '1' } })).to.equal(false);
  });

  it('keys other definitions by type name, shares one definition between parameters, and inlines aliases and enums', () => {
    const result = scanClean(`import { Tool } from '@armature/core';
export interface Point { x: number; y: number }
export interface Page<T> { items: T[] }
export type Mode = 'fast' | 'exact';
export enum Unit { Metre = 'm', Foot = 'ft' }
export type Pair = { a: string; b: string };
/** @schemaDefs */
export class Geometry {
  @Tool()
  measure(from: Point, to: Point, page: Page<Point>, mode: Mode, unit: Unit, pair: Pair): number { return 0; }
}`);
    const schema = methodOf(result, 'Geometry', 'measure').inputSchema as JsonSchema;
    expectValidSchema(createAjv(), schema);
    expectSelfContained(schema);
    expect(schema.properties).to.deep.include({
      from: { $ref: '#/$defs/Point' },
      to: { $ref: '#/$defs/Point' },
      page: { $ref: '#/$defs/Page_Point' },
      mode: { type: 'string', enum: ['exact', 'fast'] },
    });
    expect(Object.keys(schema.$defs as object).sort()).to.deep.equal(['Page_Point', 'Point']);
    expect((schema.$defs as Record<string, JsonSchema>).Page_Point).to.deep.equal({
      type: 'object',
      properties: { items: { type: 'array', items: { $ref: '#/$defs/Point' } } },
      additionalProperties: false,
      required: ['items'],
    });
    const properties = schema.properties as Record<string, JsonSchema>;
    expect(properties.unit).not.to.have.property('$ref');
    expect(properties.pair).not.to.have.property('$ref');
  });

  it('describes a DTO and an output at the top of their schemas, not behind a $ref', () => {
    const result = scanClean(`import { Tool } from '@armature/core';
${ADDRESS}
export class Move { to!: Address; from?: Address }
export interface Receipt { at: Address; cost: number }
export class Moves {
  /** @schemaDefs */
  @Tool()
  move(input: Move): Receipt { return { at: input.to, cost: 1 }; }
}`);
    const method = methodOf(result, 'Moves', 'move');
    expect(method.argumentStyle).to.equal('dto');
    const input = method.inputSchema as JsonSchema;
    const inputProperties = input.properties as Record<string, JsonSchema>;
    expect(input.type).to.equal('object');
    expect([inputProperties.to?.$ref, inputProperties.from?.$ref]).to.deep.equal(['#/$defs/address', '#/$defs/address']);
    expect(Object.keys(input.$defs as object)).to.deep.equal(['address']);
    const output = method.outputSchema as JsonSchema;
    expect(output).to.deep.include({ $schema: JSON_SCHEMA_DIALECT, type: 'object', required: ['at', 'cost'] });
    expect(output.properties).to.deep.equal({ at: { $ref: '#/$defs/address' }, cost: { type: 'number' } });
    expect(Object.keys(output.$defs as object)).to.deep.equal(['address']);
  });

  it('names a recursive definition by @defName without @schemaDefs, and inlines shared types as before', () => {
    const result = scanClean(`import { Tool } from '@armature/core';
${ADDRESS}
/** @defName treeNode */
export interface Tree { value: number; kids: Tree[] }
export class Trees {
  @Tool()
  plant(tree: Tree, at: Address): void {}
}`);
    const schema = methodOf(result, 'Trees', 'plant').inputSchema as JsonSchema;
    expect(Object.keys(schema.$defs as object)).to.deep.equal(['treeNode']);
    expect((schema.properties as Record<string, JsonSchema>).at).to.include({ type: 'object' });
    expectSelfContained(schema);
  });

  it('reports a @defName that is not a $defs key, in full', () => {
    const result = scan({
      'src/handlers.ts': `import { Tool } from '@armature/core';
/** @defName postal address */
export interface Address { city: string }
export class Places {
  /** @schemaDefs */
  @Tool()
  visit(address: Address): void {}
}`,
    });
    expect(problemLines(result)).to.deep.equal([
      'src/handlers.ts:7:9 - error ARM_ERR_SCHEMA_TYPE: Places.visit(address): the parameter type Address uses Address, whose @defName "postal address" is not a $defs key; use letters, digits and "_" only.',
    ]);
  });
});
