import * as path from 'node:path';
import { expect } from 'chai';
import type { JsonSchema, ScanResult } from '../../src';
import { corpusSchema, scanCorpus } from './corpus-source';
import { TYPE_CORPUS } from './type-corpus';

/** The shape of `@armature/core`'s run-time compiler (loaded from its build: the scanner never imports core). */
interface CoreCompiler {
  compile(schema: JsonSchema, where: string): (value: unknown) => { readonly valid: boolean };
}

function loadCoreCompiler(): CoreCompiler {
  const coreMain = require.resolve('@armature/core');
  const file = path.join(path.dirname(coreMain), 'validation', 'schema-compiler.js');
  const loaded = require(file) as { SchemaCompiler: new () => CoreCompiler };
  return new loaded.SchemaCompiler();
}

function caseIndex(name: string): number {
  const index = TYPE_CORPUS.findIndex((c) => c.name === name);
  expect(index, name).to.be.at.least(0);
  return index;
}

/**
 * The generated schemas are validated at run time by core's compiler (ajv 2020-12 with
 * `allowUnionTypes` and `strictTuples: false`): each compiles, and accepts and rejects exactly
 * what the corpus says, in both definition modes.
 */
for (const defs of ['inline', 'schemaDefs'] as const) {
  describe(`type corpus through core's run-time compiler (${defs})`, () => {
    let result: ScanResult;
    let compiler: CoreCompiler;
    before(() => {
      result = scanCorpus(defs);
      compiler = loadCoreCompiler();
    });

    it('contains union types and tuples with optional and rest elements', () => {
      const property = (name: string): JsonSchema =>
        (corpusSchema(result, caseIndex(name)).properties as Record<string, JsonSchema>).value as JsonSchema;
      expect(property('nullable string').type).to.have.members(['string', 'null']);
      expect(property('tuple with optional element')).to.deep.include({ minItems: 1, maxItems: 2, items: false });
      expect(property('tuple with rest element')).to.deep.include({ minItems: 1, items: { type: 'number' } });
    });

    TYPE_CORPUS.forEach((typeCase, i) => {
      it(`${typeCase.name}: compiles, accepts and rejects as typed`, () => {
        const validate = compiler.compile(corpusSchema(result, i), `case${i}`);
        const args = (value: unknown): unknown => (typeCase.wholeArgs ? value : { value });
        for (const value of typeCase.accept) expect(validate(args(value)).valid, `${JSON.stringify(value)} accepted`).to.equal(true);
        for (const value of typeCase.reject) expect(validate(args(value)).valid, `${JSON.stringify(value)} rejected`).to.equal(false);
      });
    });
  });
}
