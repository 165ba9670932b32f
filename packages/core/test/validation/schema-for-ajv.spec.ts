import { expect } from 'chai';
import { PROTO_PATTERN, schemaForAjv } from '../../src/validation/ajv-setup';
import { SchemaCompiler } from '../../src/validation/schema-compiler';
import type { JsonSchema } from '../../src/metadata/handler-metadata.types';

/** A schema parsed from JSON, as a manifest is: `__proto__` is an own key. */
const parse = (text: string): JsonSchema => JSON.parse(text) as JsonSchema;

const PROTO_SCHEMA = parse(
  '{"type":"object","additionalProperties":false,"required":["__proto__","toString"],' +
    '"properties":{"__proto__":{"type":"string"},"toString":{"type":"string"},' +
    '"list":{"type":"array","items":{"type":"object","properties":{"__proto__":{"type":"integer"}},"additionalProperties":false}}},' +
    '"$defs":{"d":{"anyOf":[{"properties":{"__proto__":{"const":1}}}]}}}',
);

describe('schemaForAjv: a property named __proto__ handed to ajv', () => {
  it('moves every properties.__proto__ to patternProperties ^__proto__$, nested ones too, without touching the input', () => {
    const before = JSON.stringify(PROTO_SCHEMA);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a deep walk into the rewritten schema, asserted below
    const rewritten = schemaForAjv(PROTO_SCHEMA) as Record<string, any>;
    expect(JSON.stringify(PROTO_SCHEMA)).to.equal(before);
    expect(Object.keys(rewritten.properties)).to.deep.equal(['toString', 'list']);
    expect(rewritten.patternProperties).to.deep.equal({ [PROTO_PATTERN]: { type: 'string' } });
    expect(rewritten.properties.list.items.patternProperties).to.deep.equal({ [PROTO_PATTERN]: { type: 'integer' } });
    expect(rewritten.$defs.d.anyOf[0].patternProperties).to.deep.equal({ [PROTO_PATTERN]: { const: 1 } });
  });

  it('returns any other schema as the same object, and leaves const/default values alone', () => {
    const plain = parse('{"type":"object","properties":{"a":{"type":"string","default":{"properties":{"__proto__":1}}}}}');
    expect(schemaForAjv(plain)).to.equal(plain);
  });

  it('lets the run-time compiler check a __proto__ property: typed, required, not additional', () => {
    const validate = new SchemaCompiler().compile(PROTO_SCHEMA, 'test');
    const check = (text: string): boolean => validate(JSON.parse(text)).valid;
    expect(check('{"__proto__":"a","toString":"b"}')).to.equal(true);
    expect(check('{"__proto__":"a","toString":"b","list":[{"__proto__":2}]}')).to.equal(true);
    expect(check('{"__proto__":1,"toString":"b"}'), 'wrong type').to.equal(false);
    expect(check('{"toString":"b"}'), 'missing').to.equal(false);
    expect(check('{"__proto__":"a"}'), 'toString missing (not inherited)').to.equal(false);
    expect(check('{"__proto__":"a","toString":"b","list":[{"__proto__":"x"}]}'), 'nested wrong type').to.equal(false);
    expect(check('{"__proto__":"a","toString":"b","other":1}'), 'additional').to.equal(false);
  });
});
