import type { AnySchemaObject, ErrorObject } from 'ajv';
import { expect } from 'chai';
import fc from 'fast-check';
import type { JsonSchema } from '../../src/metadata/handler-metadata.types';
import { ajvIssues } from '../../src/validation/ajv-issues';
import { createAjv } from '../../src/validation/ajv-setup';
import { checkPlan } from '../../src/validation/simple/simple-check';
import { quickObjectCheck } from '../../src/validation/simple/simple-quick-check';
import { planSchema } from '../../src/validation/simple/simple-plan';
import { SCHEMA, schemaArb, valueArb } from './simple-arbitraries';

/**
 * The shared checker must answer exactly as ajv (core's options) does for every schema of its
 * subset: same verdict, same defaults applied, same errors in the same order. Checked on
 * hand-picked cases and on random schemas and values.
 */
const ajv = createAjv('2020');

function both(schema: JsonSchema, value: unknown): { ajv: unknown; simple: unknown } {
  const plan = planSchema(schema);
  expect(plan, `in the subset: ${JSON.stringify(schema)}`).to.not.equal(undefined);
  const forAjv = structuredClone(value);
  const forSimple = structuredClone(value);
  const validate = ajv.compile(schema as AnySchemaObject);
  const ajvValid = validate(forAjv);
  const errors = checkPlan(plan!, forSimple);
  const shape = (list: readonly ErrorObject[]) =>
    list.map((e) => ({ at: e.instancePath, keyword: e.keyword, params: e.params, message: e.message }));
  return {
    ajv: { valid: ajvValid, data: forAjv, errors: shape(validate.errors ?? []), issues: ajvIssues(validate.errors ?? []) },
    simple: { valid: errors === null, data: forSimple, errors: shape(errors ?? []), issues: ajvIssues(errors ?? []) },
  };
}

describe('shared schema checker (simple/): the same answers as ajv', () => {
  it('matches ajv on hand-picked schemas', () => {
    const tool: JsonSchema = {
      [SCHEMA]: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Text.' },
        limit: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' }, default: [] },
        order: { enum: ['asc', 'desc'], type: 'string' },
        page: { type: 'integer', minimum: 1 },
        nested: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false },
      },
      required: ['query', 'limit'],
      additionalProperties: false,
    };
    const values: unknown[] = [
      { query: 'q', limit: 1 },
      {},
      'text',
      null,
      [],
      { query: 3, limit: 'x', order: 'up', page: 1.5, tags: ['a', 2], nested: { m: 1 }, extra: true },
      { query: 'q', limit: 1, nested: [] },
      { query: 'q', limit: 1, page: 0, order: 5 },
    ];
    for (const value of values) {
      const { ajv: expected, simple } = both(tool, value);
      expect(simple, JSON.stringify(value)).to.deep.equal(expected);
    }
  });

  it('matches ajv on 1,500 random schemas and values (seeded)', () => {
    const seen = { valid: 0, invalid: 0, errors: new Set<string>(), defaulted: 0 };
    fc.assert(
      fc.property(schemaArb, fc.array(valueArb, { minLength: 1, maxLength: 4 }), (schema, values) => {
        for (const value of values) {
          const { ajv: expected, simple } = both(schema, value);
          expect(simple, `${JSON.stringify(schema)} / ${JSON.stringify(value)}`).to.deep.equal(expected);
          const outcome = simple as { valid: boolean; data: unknown; errors: { keyword: string }[] };
          if (outcome.valid) seen.valid++;
          else seen.invalid++;
          for (const error of outcome.errors) seen.errors.add(error.keyword);
          if (JSON.stringify(outcome.data) !== JSON.stringify(value)) seen.defaulted++;
        }
      }),
      { numRuns: 1500, seed: 15 },
    );
    // The random cases reach every keyword's error and both verdicts, and apply defaults.
    expect(seen.valid).to.be.above(200);
    expect(seen.invalid).to.be.above(200);
    expect(seen.defaulted).to.be.above(20);
    expect([...seen.errors].sort()).to.deep.equal([
      'additionalProperties',
      'const',
      'enum',
      'exclusiveMaximum',
      'maxItems',
      'maxLength',
      'minItems',
      'minLength',
      'minimum',
      'pattern',
      'required',
      'type',
    ]);
  });

  it('accepts in one pass (quickObjectCheck, tried before checkPlan) only what checkPlan accepts unchanged (seeded)', () => {
    let quickAccepted = 0;
    fc.assert(
      fc.property(schemaArb, fc.array(valueArb, { minLength: 1, maxLength: 4 }), (schema, values) => {
        const plan = planSchema(schema)!;
        const quickly = quickObjectCheck(plan);
        for (const value of values) {
          if (quickly === undefined || !quickly(value)) continue;
          quickAccepted++;
          const data = structuredClone(value);
          expect(checkPlan(plan, data), `${JSON.stringify(schema)} / ${JSON.stringify(value)}`).to.equal(null);
          expect(data).to.deep.equal(value);
        }
      }),
      { numRuns: 1500, seed: 15 },
    );
    // The seeded cases reach the one-pass check (50 values in this seed).
    expect(quickAccepted).to.be.above(30);
  });

  it('keeps no schema node in a plan (a deferred schema parsed for its plan is not kept alive by it)', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"q":{"type":"string","description":"Text."},"tags":{"type":"array","items":{"type":"string"},"description":"Labels."},' +
        '"order":{"enum":["asc","desc"],"type":"string"},"n":{"type":"integer","minimum":1,"default":3}},"required":["q"],"additionalProperties":false}',
    ) as JsonSchema;
    const nodes = new Set<unknown>();
    const collect = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      nodes.add(node);
      const { properties, items } = node as { properties?: Record<string, unknown>; items?: unknown };
      for (const inner of Object.values(properties ?? {})) collect(inner);
      collect(items);
    };
    collect(schema);
    const reached = new Set<unknown>();
    const walk = (value: unknown): void => {
      if (typeof value !== 'object' || value === null || reached.has(value)) return;
      reached.add(value);
      for (const inner of value instanceof Set ? [...value] : Object.values(value)) walk(inner);
    };
    walk(planSchema(schema));
    expect([...nodes].filter((node) => reached.has(node))).to.deep.equal([]);
    expect(reached.size).to.be.above(5);
  });

  it("decides a generated tool's arguments (a typed enum, an array of type-only items) in one pass, accepting only what ajv accepts", () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Text.' },
        order: { enum: ['asc', 'desc'], type: 'string', description: 'Sort order.' },
        tags: { type: 'array', items: { type: 'string' }, description: 'Labels.' },
        exact: { type: 'boolean' },
      },
      required: ['query', 'order'],
      additionalProperties: false,
    };
    const plan = planSchema(schema)!;
    const quickly = quickObjectCheck(plan);
    expect(quickly).to.be.a('function');
    const validate = ajv.compile(schema as AnySchemaObject);
    const values: unknown[] = [
      { query: 'q', order: 'asc' },
      { query: 'q', order: 'desc', tags: [], exact: true },
      { query: 'q', order: 'desc', tags: ['a', 'b'] },
      { query: 'q', order: 'up' },
      { query: 'q', order: 1 },
      { query: 'q', order: 'asc', tags: ['a', 2] },
      { query: 'q', order: 'asc', tags: 'a' },
      { query: 'q', order: 'asc', tags: { 0: 'a' } },
      { query: 'q' },
      { query: 'q', order: 'asc', other: 1 },
    ];
    const verdicts = values.map((value) => [quickly!(value), validate(value), checkPlan(plan, structuredClone(value)) === null]);
    expect(verdicts).to.deep.equal(values.map((_, i) => (i < 3 ? [true, true, true] : [false, false, false])));
    // Limits, patterns and nested objects stay on the ordered path.
    for (const inner of [
      { type: 'string', enum: ['a'], minLength: 1 },
      { type: 'array', items: { type: 'string', pattern: 'x' } },
      { enum: ['a'] },
    ]) {
      expect(quickObjectCheck(planSchema({ type: 'object', properties: { p: inner } })!), JSON.stringify(inner)).to.equal(undefined);
    }
  });

  it('gives every plan the same fields in the same order, shared type-only leaves included (one object shape for the checker)', () => {
    const root = planSchema({
      type: 'object',
      properties: { name: { type: 'string' }, size: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: { type: 'string' } } },
      required: ['name'],
    });
    const plans = [root, ...(root?.properties ?? []).map((p) => p.plan), root?.properties?.[2]?.plan.items];
    expect(plans.map((plan) => plan?.typeOnly)).to.deep.equal([false, true, false, false, true]);
    const order = Object.keys(root ?? {});
    for (const plan of plans) expect(Object.keys(plan ?? {})).to.deep.equal(order);
  });

  it('leaves to ajv every schema with a keyword outside its subset', () => {
    const outside: JsonSchema[] = [
      { type: 'string', format: 'email' },
      { $ref: '#/$defs/A', $defs: { A: { type: 'string' } } },
      { anyOf: [{ type: 'string' }, { type: 'number' }] },
      { type: 'object', additionalProperties: { type: 'string' } },
      { type: 'array', prefixItems: [{ type: 'string' }] },
      { type: 'object', properties: { ['__proto__']: { type: 'string' } } },
      { type: 'object', properties: { a: { type: 'number', multipleOf: 2 } } },
      { type: 'string', pattern: '(' },
      { [SCHEMA]: 'http://json-schema.org/draft-07/schema#', type: 'object' },
      { enum: [{ a: 1 }] },
      { type: 'object', properties: { a: true } },
      { type: 'toString' },
      { type: ['string', 'constructor'] },
      { type: 'object', properties: { a: { type: 'hasOwnProperty', description: 'not a JSON type' } } },
    ];
    for (const schema of outside) expect(planSchema(schema), JSON.stringify(schema)).to.equal(undefined);
  });
});
