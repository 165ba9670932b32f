// JSON Schema 2020-12 keywords by what their value holds, for code that walks or merges schemas
// (the `__proto__` rewrite before ajv, the author's schema extensions).

/** Keywords whose value maps names to schemas (properties, definitions…). */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);

/** Keywords whose value is one schema. */
export const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'additionalProperties',
  'items',
  'additionalItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);

/** Keywords whose value is a list of schemas (`items` too, in its pre-2020 tuple form). */
export const SCHEMA_LIST_KEYWORDS: ReadonlySet<string> = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items']);
