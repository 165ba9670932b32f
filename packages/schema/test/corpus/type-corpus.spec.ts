import type Ajv2020 from 'ajv/dist/2020';
import { expect } from 'chai';
import type { JsonSchema, ScanResult } from '../../src';
import { createAjv, expectSelfContained, expectValidSchema } from '../helpers/schema-assertions';
import { methodOf, scanClean } from '../helpers/scan-helpers';
import { TYPE_CORPUS, type TypeCase } from './type-corpus';

/** One handler class with a tool per corpus case, scanned once. */
function corpusSource(): string {
  const declarations = TYPE_CORPUS.map((c) => c.declarations ?? '').join('\n');
  const methods = TYPE_CORPUS.map((c, i) => {
    const doc = c.jsdoc ? `  /**\n${c.jsdoc.map((line) => `   * ${line}`).join('\n')}\n   */\n` : '';
    return `${doc}  @Tool()\n  case${i}(${c.params}): void {}\n`;
  }).join('\n');
  return `import { Tool } from '@armature/core';\n${declarations}\nexport class Corpus {\n${methods}}\n`;
}

describe('type corpus: TypeScript types to JSON Schema 2020-12', () => {
  let result: ScanResult;
  let ajv: Ajv2020;

  before(() => {
    result = scanClean(corpusSource(), 'src/corpus.handlers.ts');
    ajv = createAjv();
  });

  it('has at least 40 shapes', () => {
    expect(TYPE_CORPUS.length).to.be.at.least(40);
  });

  TYPE_CORPUS.forEach((typeCase: TypeCase, i) => {
    describe(typeCase.name, () => {
      let schema: JsonSchema;
      before(() => {
        const inputSchema = methodOf(result, 'Corpus', `case${i}`).inputSchema;
        expect(inputSchema).to.be.an('object');
        schema = inputSchema as JsonSchema;
      });
      const args = (value: unknown): unknown => (typeCase.wholeArgs ? value : { value });

      it('is a valid, self-contained 2020-12 object schema', () => {
        expectValidSchema(ajv, schema);
        expectSelfContained(schema);
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
          expect(properties.value).to.deep.include(typeCase.expect as Record<string, unknown>);
        });
      }
    });
  });
});
