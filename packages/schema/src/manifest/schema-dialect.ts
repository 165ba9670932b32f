import type { JsonSchema } from './manifest.types';

/** The dialect every generated schema declares: JSON Schema 2020-12 (MCP's default, stated explicitly). */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * The schema with `$schema` first. MCP reads a schema without `$schema` as 2020-12 anyway;
 * saying so lets generic tools (and the conformance suite) see the dialect without knowing MCP.
 */
export function withDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _ignored, ...rest } = schema;
  return { $schema: JSON_SCHEMA_DIALECT, ...rest };
}
