import { createHash } from 'node:crypto';
import type { JsonSchema, JsonValue } from './manifest.types';

/** JSON text with object keys sorted at every level: equal schemas give equal texts, whatever their key order. */
export function canonicalJson(value: JsonValue | undefined): string {
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A tool's schema fingerprint: `sha256-` and the first 32 hex digits of the hash of its input
 * and output schemas in canonical form. Any change a client can see in either schema changes
 * it (descriptions included); key order and the rest of the manifest do not.
 */
export function schemaFingerprint(inputSchema: JsonSchema | undefined, outputSchema: JsonSchema | undefined): string {
  const text = `{"input":${canonicalJson(inputSchema)},"output":${canonicalJson(outputSchema)}}`;
  return `sha256-${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}
