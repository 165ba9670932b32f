import type { ReadResourceResult } from '../wire/mcp-types.generated';
import { isResourceContents } from './content-guards';

function isBytes(value: unknown): value is Uint8Array | ArrayBuffer {
  return value instanceof Uint8Array || value instanceof ArrayBuffer;
}

function base64(bytes: Uint8Array | ArrayBuffer): string {
  return bytes instanceof ArrayBuffer
    ? Buffer.from(bytes).toString('base64')
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/**
 * Turns what a resource method returned into `resources/read` contents for `uri`:
 * a string → text (`mimeType` or text/plain); bytes → base64 `blob` (or application/octet-stream);
 * a contents entry, an array of them or `{ contents }` → as is; any other value → its JSON
 * (`mimeType` or application/json). `undefined`/`null` → undefined, meaning "not found".
 */
export function shapeResourceResult(value: unknown, uri: string, mimeType: string | undefined): ReadResourceResult | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return { contents: [{ uri, mimeType: mimeType ?? 'text/plain', text: value }] };
  if (isBytes(value)) return { contents: [{ uri, mimeType: mimeType ?? 'application/octet-stream', blob: base64(value) }] };
  if (isResourceContents(value)) return { contents: [value] };
  if (Array.isArray(value) && value.length > 0 && value.every(isResourceContents)) return { contents: value };
  if (typeof value === 'object' && Array.isArray((value as { contents?: unknown }).contents)) {
    const contents = (value as ReadResourceResult).contents;
    if (contents.every(isResourceContents)) return value as ReadResourceResult;
  }
  const json = JSON.stringify(value);
  if (json === undefined) return undefined;
  return { contents: [{ uri, mimeType: mimeType ?? 'application/json', text: json }] };
}
