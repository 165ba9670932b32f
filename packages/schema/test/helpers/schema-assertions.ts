import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import type { JsonSchema, JsonValue, Manifest } from '../../src';

/**
 * A strict ajv (2020-12, formats). `strictTuples` is off: it flags tuples with optional or
 * rest elements (`minItems` below the `prefixItems` length), which are exact as written.
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv;
}

/** Asserts the schema is valid against the 2020-12 meta-schema and compiles. */
export function expectValidSchema(ajv: Ajv2020, schema: JsonSchema): void {
  const valid = ajv.validateSchema(schema);
  expect(valid, `meta-schema: ${ajv.errorsText(ajv.errors)}\n${JSON.stringify(schema)}`).to.equal(true);
  expect(() => ajv.compile(schema)).not.to.throw();
}

/** Every `$ref` in the schema points into its own `$defs`, and each target exists. */
export function expectSelfContained(schema: JsonSchema): void {
  const defs = (schema.$defs ?? {}) as Record<string, JsonValue>;
  expect(schema, 'draft-07 definitions').not.to.have.property('definitions');
  for (const ref of collectRefs(schema)) {
    expect(ref, "a $ref must point into the schema's own $defs").to.match(/^#\/\$defs\/[A-Za-z0-9_]+$/);
    expect(defs, `target of ${ref}`).to.have.property(ref.slice('#/$defs/'.length));
  }
}

/** All `$ref` values anywhere in a JSON value. */
export function collectRefs(value: JsonValue): string[] {
  if (Array.isArray(value)) return value.flatMap(collectRefs);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [inner] : collectRefs(inner)));
}

/** Every input and output schema of a manifest. */
export function manifestSchemas(manifest: Manifest): JsonSchema[] {
  const schemas: JsonSchema[] = [];
  for (const handler of Object.values(manifest.handlers)) {
    for (const method of Object.values(handler.methods)) {
      if (method.inputSchema) schemas.push(method.inputSchema);
      if (method.outputSchema) schemas.push(method.outputSchema);
    }
  }
  return schemas;
}
