import type { Tool } from '../wire/mcp-types.generated';
import type { HeaderParam } from './request-kernel';

/** A header name token (RFC 9110) without the `Mcp-Param-` prefix. */
const HEADER_TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

const cache = new WeakMap<object, readonly HeaderParam[]>();

const NONE: readonly HeaderParam[] = Object.freeze([]);

/**
 * Whether a schema's JSON text can mark a property `x-mcp-header`: only if it names the keyword
 * (or escapes a character, which could spell it). A tool's first 2026 call then reads no
 * schema object for its headers (parsing the stored text a second time, and freezing it).
 */
export function mayMarkHeaders(text: string): boolean {
  return text.includes('"x-mcp-header"') || text.includes('\\u');
}

/**
 * The header parameters of a tool whose input schema's JSON text is `text` when it is known, and
 * whose schema object `schema()` gives: none, without the object, when the text marks none.
 */
export function headerParamsOfTool(text: string | undefined, schema: () => Tool['inputSchema'] | undefined): readonly HeaderParam[] {
  return text !== undefined && !mayMarkHeaders(text) ? NONE : headerParamsOf(schema());
}

/**
 * The top-level properties of a tool's input schema marked `x-mcp-header` (MCP 2026-07-28,
 * Streamable HTTP custom headers): the client mirrors their values into `Mcp-Param-<name>`,
 * and the server checks the header against the body. Computed once per schema object.
 */
export function headerParamsOf(schema: Tool['inputSchema'] | undefined): readonly HeaderParam[] {
  if (schema === undefined) return [];
  let params = cache.get(schema);
  if (params !== undefined) return params;
  const found: HeaderParam[] = [];
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties === 'object' && properties !== null) {
    for (const [property, sub] of Object.entries(properties as Record<string, unknown>)) {
      const header = typeof sub === 'object' && sub !== null ? (sub as Record<string, unknown>)['x-mcp-header'] : undefined;
      if (typeof header === 'string' && HEADER_TOKEN.test(header)) found.push({ property, header });
    }
  }
  params = Object.freeze(found);
  cache.set(schema, params);
  return params;
}
