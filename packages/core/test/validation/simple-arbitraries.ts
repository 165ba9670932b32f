import fc from 'fast-check';
import type { JsonSchema } from '../../src/metadata/handler-metadata.types';

/** Random schemas of the shared checker's subset and random values, for the specs of `simple/`. */
export const SCHEMA = '$schema';
export const NAMES = ['a', 'b', 'query', 'tags', 'x/y', 't~n', 'constructor', 'toString'];
const leaf: fc.Arbitrary<JsonSchema> = fc.oneof(
  fc.record({ type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'null') }),
  fc.record({ type: fc.constant(['string', 'null']) }),
  fc.record({ type: fc.constant('string'), minLength: fc.nat(3), maxLength: fc.integer({ min: 2, max: 6 }) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('string'), pattern: fc.constantFrom('^[a-z]+$', 'x', '\\d') }),
  fc.record(
    {
      type: fc.constantFrom('number', 'integer'),
      minimum: fc.integer({ min: -3, max: 3 }),
      exclusiveMaximum: fc.integer({ min: 0, max: 9 }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    { enum: fc.constantFrom(['asc', 'desc'], [1, 2, 'x'], [null, true]), type: fc.constantFrom('string', 'number') },
    { requiredKeys: ['enum'] },
  ),
  fc.record({ const: fc.constantFrom('k', 3, false, null) }),
  fc.record({ description: fc.constant('any value') }),
);
export const schemaArb: fc.Arbitrary<JsonSchema> = fc.letrec<{ node: JsonSchema }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record(
      { type: fc.constant('array'), items: tie('node'), minItems: fc.nat(2), maxItems: fc.integer({ min: 1, max: 4 }) },
      { requiredKeys: ['type'] },
    ),
    fc
      .record({
        type: fc.constantFrom('object', undefined),
        properties: fc.dictionary(
          fc.constantFrom(...NAMES),
          fc.tuple(tie('node'), fc.option(fc.constantFrom('dflt', 0, [], { k: 1 }), { nil: undefined })),
        ),
        required: fc.subarray(NAMES),
        additionalProperties: fc.constantFrom(false, true, undefined),
      })
      .map(({ type, properties, required, additionalProperties }) => {
        const props = Object.fromEntries(
          Object.entries(properties).map(([name, [inner, dflt]]) => [name, dflt === undefined ? inner : { ...inner, default: dflt }]),
        );
        return {
          ...(type ? { type } : {}),
          properties: props,
          required,
          ...(additionalProperties === undefined ? {} : { additionalProperties }),
        };
      }),
  ),
})).node;
export const valueArb: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('', 'asc', 'abc', 'x1', 'k', '𝄞𝄞', 3, 1.5, -4, 0, true, false, null),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...NAMES, 'other'), tie('v'), { maxKeys: 5 }),
  ),
})).v;
