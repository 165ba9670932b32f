import type { Tool } from '../wire/mcp-types.generated';
import type { HeaderParam } from './request-kernel';

/** A header name token (RFC 9110) without the `Mcp-Param-` prefix. */
const HEADER_TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

const cache = new WeakMap<object, readonly HeaderParam[]>();

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
