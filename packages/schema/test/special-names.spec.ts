import * as path from 'node:path';
import { expect } from 'chai';
import { fromManifestDocument, serializeManifest, type JsonSchema, type ManifestDocument } from '../src';
import { createAjv, expectValidSchema } from './helpers/schema-assertions';
import { methodOf, scanClean } from './helpers/scan-helpers';

/** Property names that a plain-object property map treats specially. */
const NAMES = ['__proto__', 'constructor', 'prototype', 'toString'] as const;

/** A class field cannot be named `constructor` (TS18006), but a computed `['constructor']` can. */
const classField = (name: string): string => (name === 'constructor' ? `['constructor']` : name);

function sourceFor(name: string): string {
  return `import { Tool } from '@armature/core';
export interface Shape { ${name}: string; other?: number }
export class Dto { ${classField(name)}!: string; other?: number }
export class Handlers {
  @Tool() viaInterface(shape: Shape): Shape { return shape; }
  @Tool() viaDto(input: Dto): { ${name}: string } { return { ${name}: '' } as never; }
  @Tool() viaLiteral(value: { ${name}: string; nested: { ${name}: number } }): string { return ''; }
  /** @schemaDefs */
  @Tool() viaDefs(shape: Shape, list: Shape[]): Shape[] { return list; }
  @Tool() viaParameter(${name === 'constructor' ? 'ctor' : name}: string): string { return ''; }
}
`;
}

interface CoreCompiler {
  compile(schema: JsonSchema, where: string): (value: unknown) => { readonly valid: boolean };
}

function coreCompiler(): CoreCompiler {
  const file = path.join(path.dirname(require.resolve('@armature/core')), 'validation', 'schema-compiler.js');
  return new (require(file) as { SchemaCompiler: new () => CoreCompiler }).SchemaCompiler();
}

function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  return (schema?.properties ?? {}) as Record<string, JsonSchema>;
}

function own(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** Arguments parsed from JSON text, as a transport delivers them (`__proto__` is an own key). */
const json = (text: string): unknown => JSON.parse(text);

describe('property names that plain objects treat specially', () => {
  for (const name of NAMES) {
    describe(`"${name}"`, () => {
      const result = scanClean(sourceFor(name));
      const compiler = coreCompiler();
      const ajv = createAjv();

      it('is a required property of an interface parameter, in the input and the output schema', () => {
        const method = methodOf(result, 'Handlers', 'viaInterface');
        const shape = propertiesOf(method.inputSchema).shape as JsonSchema;
        expect(own(propertiesOf(shape), name), 'input property').to.equal(true);
        expect(propertiesOf(shape)[name]).to.deep.equal({ type: 'string' });
        expect(shape.required).to.deep.equal([name]);
        expect(own(propertiesOf(method.outputSchema), name), 'output property').to.equal(true);
        expect(method.outputSchema?.required).to.deep.equal([name]);
        expectValidSchema(ajv, method.inputSchema ?? {});
      });

      it('is a property of a DTO class (and of its output type literal)', () => {
        const method = methodOf(result, 'Handlers', 'viaDto');
        expect(method.argumentStyle).to.equal('dto');
        expect(own(propertiesOf(method.inputSchema), name)).to.equal(true);
        expect(propertiesOf(method.inputSchema)[name]).to.deep.equal({ type: 'string' });
        expect(method.inputSchema?.required).to.deep.equal([name]);
        expect(own(propertiesOf(method.outputSchema), name)).to.equal(true);
      });

      it('is a property of object literal types, nested too', () => {
        const method = methodOf(result, 'Handlers', 'viaLiteral');
        const value = propertiesOf(method.inputSchema).value as JsonSchema;
        expect(Object.keys(propertiesOf(value))).to.deep.equal([name, 'nested']);
        expect(propertiesOf(propertiesOf(value).nested as JsonSchema)[name]).to.deep.equal({ type: 'number' });
      });

      it('survives $defs (@schemaDefs) and a positional parameter of that name', () => {
        const defs = methodOf(result, 'Handlers', 'viaDefs');
        const shapeDef = (defs.inputSchema?.$defs as Record<string, JsonSchema>).Shape as JsonSchema;
        expect(own(propertiesOf(shapeDef), name)).to.equal(true);
        if (name !== 'constructor') {
          const positional = methodOf(result, 'Handlers', 'viaParameter');
          expect(Object.keys(propertiesOf(positional.inputSchema))).to.deep.equal([name]);
          expect(positional.params[0]).to.deep.include({ name, role: 'argument', required: true });
        }
      });

      it('survives the stored manifest (format 2) and reading it back', () => {
        const document = JSON.parse(serializeManifest(result.manifest)) as ManifestDocument;
        const back = fromManifestDocument(document);
        expect(back).to.deep.equal(result.manifest);
        const shape = propertiesOf(methodOf({ ...result, manifest: back }, 'Handlers', 'viaInterface').inputSchema).shape as JsonSchema;
        expect(own(propertiesOf(shape), name)).to.equal(true);
      });

      it('is validated by the run-time compiler: present, typed, required', () => {
        const validate = compiler.compile(methodOf(result, 'Handlers', 'viaDto').inputSchema ?? {}, `dto ${name}`);
        const key = JSON.stringify(name);
        expect(validate(json(`{${key}:"x"}`)).valid, 'a string').to.equal(true);
        expect(validate(json(`{${key}:"x","other":1}`)).valid, 'with other').to.equal(true);
        expect(validate(json(`{${key}:1}`)).valid, 'a number').to.equal(false);
        expect(validate(json(`{${key}:{}}`)).valid, 'an object').to.equal(false);
        expect(validate(json('{}')).valid, 'missing').to.equal(false);
        expect(validate(json('{"other":1}')).valid, 'missing, other given').to.equal(false);
        const nested = compiler.compile(methodOf(result, 'Handlers', 'viaLiteral').inputSchema ?? {}, `literal ${name}`);
        expect(nested(json(`{"value":{${key}:"a","nested":{${key}:1}}}`)).valid).to.equal(true);
        expect(nested(json(`{"value":{${key}:"a","nested":{${key}:"1"}}}`)).valid).to.equal(false);
        expect(nested(json(`{"value":{${key}:"a","nested":{}}}`)).valid).to.equal(false);
      });
    });
  }
});
