import type Ajv2020 from 'ajv/dist/2020';
import { expect } from 'chai';
import type { JsonSchema, ScanResult } from '../../src';
import { createAjv, expectSelfContained, expectValidSchema } from '../helpers/schema-assertions';
import { corpusSchema, scanCorpus, type CorpusDefs } from './corpus-source';
import { TYPE_CORPUS, type TypeCase } from './type-corpus';

/** A property schema with a `$ref` into the schema's `$defs` replaced by its target (siblings win). */
function resolved(schema: JsonSchema, property: JsonSchema): JsonSchema {
  const ref = property.$ref;
  if (typeof ref !== 'string') return property;
  const defs = schema.$defs as Record<string, JsonSchema>;
  const { $ref: _ref, ...siblings } = property;
  return { ...defs[ref.slice('#/$defs/'.length)], ...siblings };
}

for (const defs of ['inline', 'schemaDefs'] as const satisfies readonly CorpusDefs[]) {
  describe(`type corpus: TypeScript types to JSON Schema 2020-12 (${defs === 'inline' ? 'shared types inlined' : 'with @schemaDefs'})`, () => {
    let result: ScanResult;
    let ajv: Ajv2020;

    before(() => {
      result = scanCorpus(defs);
      ajv = createAjv();
    });

    it('has at least 40 shapes', () => {
      expect(TYPE_CORPUS.length).to.be.at.least(40);
    });

    TYPE_CORPUS.forEach((typeCase: TypeCase, i) => {
      describe(typeCase.name, () => {
        let schema: JsonSchema;
        before(() => {
          schema = corpusSchema(result, i);
          expect(schema).to.be.an('object');
        });
        const args = (value: unknown): unknown => (typeCase.wholeArgs ? value : { value });

        it('is a valid, self-contained 2020-12 object schema', () => {
          expectValidSchema(ajv, schema);
          expectSelfContained(schema);
          expect(schema.$schema).to.equal('https://json-schema.org/draft/2020-12/schema');
          expect(schema.type).to.equal('object');
          expect(schema.additionalProperties).to.equal(false);
        });

        it('accepts the values of its type', () => {
          const validate = ajv.compile(schema);
          for (const value of typeCase.accept) {
            expect(validate(args(value)), `${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`).to.equal(true);
          }
        });

        it('rejects values outside its type', () => {
          const validate = ajv.compile(schema);
          for (const value of typeCase.reject) {
            expect(validate(args(value)), `${JSON.stringify(value)} should be rejected`).to.equal(false);
          }
          if (!typeCase.wholeArgs && !typeCase.params.includes('?')) {
            expect(validate({}), 'a missing required argument').to.equal(false);
          }
          expect(validate({ ...(args(typeCase.accept[0]) as object), unexpected: 1 }), 'an unknown argument').to.equal(false);
        });

        if (typeCase.expect) {
          it('carries the expected keywords', () => {
            const properties = schema.properties as Record<string, JsonSchema>;
            expect(resolved(schema, properties.value as JsonSchema)).to.deep.include(typeCase.expect as Record<string, unknown>);
          });
        }
      });
    });
  });
}
