import { expect } from 'chai';
import { SchemaCompiler } from '../../src/validation/schema-compiler';

/**
 * Shapes the build-time scanner generates that a strict ajv would refuse: union `type` arrays
 * and tuples whose `minItems` is below their `prefixItems` length (optional and rest elements),
 * plus the `$schema` and `$defs` every generated schema may carry.
 */
describe('SchemaCompiler: generated schema shapes', () => {
  const compiler = new SchemaCompiler();
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      label: { type: ['string', 'null'] },
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false, minItems: 1, maxItems: 2 },
      rest: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'number' }, minItems: 1 },
      address: { $ref: '#/$defs/address' },
    },
    required: ['label'],
    additionalProperties: false,
    $defs: { address: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: false } },
  };
  const validate = compiler.compile(schema, 'generated shapes');

  it('accepts what the types allow', () => {
    for (const value of [
      { label: null },
      { label: 'a', pair: ['x'] },
      { label: 'a', pair: ['x', 1] },
      { label: 'a', rest: ['x', 1, 2, 3] },
      { label: 'a', address: { city: 'Oslo' } },
    ]) {
      expect(validate(value).valid, JSON.stringify(value)).to.equal(true);
    }
  });

  it('rejects what they do not', () => {
    for (const value of [
      {},
      { label: 1 },
      { label: 'a', pair: [] },
      { label: 'a', pair: ['x', 'y'] },
      { label: 'a', pair: ['x', 1, 2] },
      { label: 'a', rest: [1] },
      { label: 'a', rest: ['x', 'y'] },
      { label: 'a', address: { city: 1 } },
      { label: 'a', address: { town: 'Oslo' } },
    ]) {
      expect(validate(value).valid, JSON.stringify(value)).to.equal(false);
    }
  });
});
