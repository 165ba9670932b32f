import { expect } from 'chai';
import fc from 'fast-check';
import type { JsonSchema } from '../../src/metadata/handler-metadata.types';
import { planValidator, quickFirstValidator } from '../../src/validation/plan-validator';
import { planSchema } from '../../src/validation/simple/simple-plan';
import { quickObjectCheck } from '../../src/validation/simple/simple-quick-check';
import { quickTablesOf } from '../../src/validation/simple/simple-quick-schema';
import type { Validator } from '../../src/validation/validation-result';
import { NAMES, SCHEMA, schemaArb, valueArb } from './simple-arbitraries';

/** `often` most of the time, one of `rarely` now and then. */
function mostly<T>(often: fc.Arbitrary<T>, ...rarely: T[]): fc.Arbitrary<T> {
  return fc.oneof(
    { weight: 8 * rarely.length, arbitrary: often },
    ...rarely.map((value) => ({ weight: 1, arbitrary: fc.constant(value) })),
  );
}

/** Property schemas a generated tool has (the tables take them) and a few it may have (they do not). */
const property: fc.Arbitrary<JsonSchema> = mostly<JsonSchema>(
  fc.oneof(
    fc.record({ type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'null', 'object', 'array') }),
    fc.constant({ type: 'string', description: 'Text.', 'x-mcp-header': 'Region' }),
    fc.record({ enum: fc.constantFrom(['asc', 'desc'], [1, 2, 'x'], [null, true]), type: fc.constantFrom('string', 'number') }),
    fc.constantFrom<JsonSchema>({ type: 'array', items: { type: 'string' } }, { type: 'array', items: { type: 'integer', title: 'n' } }),
  ),
  { enum: ['asc', 'desc'] },
  { type: 'string', enum: [] },
  { type: 'string', enum: [{ a: 1 }] },
  { type: 'string', items: { type: 'string' } },
  { type: 'array', items: { type: 'string', minLength: 1 } },
  { type: 'array', items: {} },
  { type: 'array', items: { type: ['string', 'null'] } },
  { type: 'array', items: { type: 'string' }, enum: [['a']] },
  { type: 'string', default: 'd' },
  { type: 'string', minLength: 1 },
  { type: ['string', 'null'] },
  { type: 'object', properties: { n: { type: 'integer' } } },
  { type: 'string', additionalProperties: true },
  true as unknown as JsonSchema,
);

/** Tool input schemas: mostly of the common kind, with every way of not being it. */
const toolSchema: fc.Arbitrary<JsonSchema> = fc
  .record({
    schema: mostly<unknown>(
      fc.constantFrom(undefined, 'https://json-schema.org/draft/2020-12/schema'),
      'http://json-schema.org/draft-07/schema#',
      7,
    ),
    type: mostly(fc.constant<unknown>('object'), ['object'], 'string', undefined),
    properties: mostly(fc.dictionary(fc.constantFrom(...NAMES), property, { maxKeys: 4 }), { ['__proto__']: { type: 'string' } }),
    required: mostly<unknown>(fc.subarray(NAMES, { maxLength: 2 }), ['a', 'a'], ['undeclared'], [1]),
    additionalProperties: mostly<unknown>(fc.constantFrom(false, true, undefined), { type: 'string' }),
    more: mostly<object>(fc.constantFrom({}, { description: 'A tool.' }), { minProperties: 1 }, { items: { type: 'string' } }),
  })
  .map(({ schema, type, more, ...rest }) => {
    const tool: Record<string, unknown> = { ...(schema === undefined ? {} : { [SCHEMA]: schema }), type, ...rest, ...more };
    for (const key of Object.keys(tool)) if (tool[key] === undefined) delete tool[key];
    return tool as JsonSchema;
  });

/** Argument objects that often fit a tool schema above. */
const argsArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.dictionary(fc.constantFrom(...NAMES), fc.constantFrom<unknown>('asc', 'x', 1, 2, 1.5, true, null, ['a'], [1], {}), {
      maxKeys: 4,
    }),
  },
  { weight: 1, arbitrary: valueArb },
);

/** The verdicts, values and issues of `validate` for `values` (each given a copy). */
function answers(validate: Validator, values: readonly unknown[]): unknown[] {
  return values.map((value) => validate(structuredClone(value)));
}

describe('one-pass tables read straight from a schema (quickTablesOf)', () => {
  it("equal the full plan's tables whenever they are given, and are given for the common tool schema (seeded)", () => {
    const seen = { given: 0, left: 0 };
    const agree = (schema: JsonSchema): void => {
      const quick = quickTablesOf(schema);
      if (quick === undefined) {
        seen.left++;
        return;
      }
      seen.given++;
      const plan = planSchema(schema);
      expect(plan, JSON.stringify(schema)).to.not.equal(undefined);
      expect(quick, JSON.stringify(schema)).to.deep.equal(plan?.quick);
      expect(quickObjectCheck(plan!), JSON.stringify(schema)).to.be.a('function');
    };
    fc.assert(fc.property(toolSchema, agree), { numRuns: 3000, seed: 34 });
    fc.assert(fc.property(schemaArb, agree), { numRuns: 1500, seed: 15 });
    expect(seen.given).to.be.above(300);
    expect(seen.left).to.be.above(1000);
  });

  it('reads a generated tool schema (typed enum, array of typed items, annotations) and leaves other kinds to the plan', () => {
    const tool: JsonSchema = {
      [SCHEMA]: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Text.' },
        tags: { type: 'array', items: { type: 'string' }, description: 'Labels.' },
        order: { enum: ['asc', 'desc'], type: 'string', description: 'Sort order.' },
        exact: { type: 'boolean' },
      },
      required: ['query', 'tags'],
      additionalProperties: false,
    };
    expect(quickTablesOf(tool)).to.deep.equal(planSchema(tool)?.quick).and.include({ requiredMask: 3, requiredCount: 2, closed: true });
    for (const other of [
      { ...tool, required: ['query', 'missing'] },
      { ...tool, properties: { query: { type: 'string' }, tags: { type: 'array' }, n: { type: 'integer', default: 3 } } },
      { ...tool, properties: { query: { type: 'string' }, tags: { type: 'array' }, n: { type: 'integer', minimum: 1 } } },
      { ...tool, [SCHEMA]: 'http://json-schema.org/draft-07/schema#' },
      { ...tool, type: undefined },
      { type: 'object' },
    ]) {
      expect(quickTablesOf(other as JsonSchema), JSON.stringify(other)).to.equal(undefined);
    }
  });

  it('validates as the full plan does (verdicts, values, issues text), making the full validator only for a value the tables reject (seeded)', () => {
    let madeFor = 0;
    let quickOnly = 0;
    fc.assert(
      fc.property(toolSchema, fc.array(argsArb, { minLength: 1, maxLength: 4 }), (schema, values) => {
        const quick = quickTablesOf(schema);
        if (quick === undefined) return;
        const copy = JSON.stringify(schema).includes('"default"');
        const plan = planSchema(schema)!;
        let made = 0;
        const validate = quickFirstValidator(quick, copy, () => {
          made++;
          return planValidator(plan, copy);
        });
        const results = answers(validate, values);
        expect(results, `${JSON.stringify(schema)} / ${JSON.stringify(values)}`).to.deep.equal(answers(planValidator(plan, copy), values));
        if (results.every((result) => (result as { valid: boolean }).valid)) {
          expect(made).to.equal(0);
          quickOnly++;
        } else {
          expect(made).to.equal(1);
          madeFor++;
        }
      }),
      { numRuns: 2000, seed: 34 },
    );
    expect(quickOnly).to.be.above(50);
    expect(madeFor).to.be.above(150);
  });
});
