import { WireErrorCode } from '@armature/core';
import type { HeaderParam, RequestKernel } from '@armature/core/internal';

/**
 * MCP 2026-07-28 request headers (Streamable HTTP, SEP-2243): `Mcp-Method` on every POST,
 * `Mcp-Name` on `tools/call` / `resources/read` / `prompts/get`, and `Mcp-Param-<name>` for tool
 * parameters marked `x-mcp-header`. Intermediaries route on them, so the server checks each one
 * against the body and refuses a disagreement with -32020 (HTTP 400).
 */

const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A header value as the body value it carries: plain visible ASCII, or the `=?base64?…?=` form of its UTF-8 bytes. */
export function decodeHeaderValue(raw: string): string | undefined {
  if (raw.startsWith(SENTINEL_PREFIX) && raw.endsWith(SENTINEL_SUFFIX) && raw.length >= SENTINEL_PREFIX.length + SENTINEL_SUFFIX.length) {
    const payload = raw.slice(SENTINEL_PREFIX.length, raw.length - SENTINEL_SUFFIX.length);
    if (!BASE64.test(payload) || payload.length % 4 !== 0) return undefined;
    const bytes = Buffer.from(payload, 'base64');
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    return text;
  }
  return raw;
}

/** The header form of a body value: strings as they are, integers in decimal, booleans as true/false; undefined for other types. */
function bodyValueText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

/** A header-check failure: the message for the -32020 error. */
export interface HeaderProblem {
  readonly code: number;
  readonly message: string;
}

function mismatch(message: string): HeaderProblem {
  return { code: WireErrorCode.HeaderMismatch, message: `Header mismatch: ${message}` };
}

/** Methods whose `Mcp-Name` header mirrors a body field. */
const NAME_FIELD: Readonly<Record<string, 'name' | 'uri' | 'taskId'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  // The tasks extension (SEP-2663) routes its methods by task id.
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** Where request headers are read, by lower-case name (the request view: no closure per request). */
export interface HeaderSource {
  header(name: string): string | undefined;
}

/** Checks the 2026 routing headers of one request against its body; undefined when they agree. */
export function checkMcpHeaders(
  headers: HeaderSource,
  method: string,
  params: Readonly<Record<string, unknown>>,
  kernel: RequestKernel,
): HeaderProblem | undefined {
  const headerMethod = headers.header('mcp-method');
  if (headerMethod === undefined) return mismatch('the Mcp-Method header is required and must equal the body\'s "method"');
  if (headerMethod !== method) return mismatch('the Mcp-Method header does not match the body\'s "method"');
  const field = NAME_FIELD[method];
  if (field !== undefined) {
    const raw = headers.header('mcp-name');
    const value = params[field];
    if (raw === undefined) return mismatch(`the Mcp-Name header is required for ${method} and must equal params.${field}`);
    const decoded = decodeHeaderValue(raw);
    if (decoded === undefined) return mismatch('the Mcp-Name header is not valid (=?base64?…?= with invalid Base64)');
    if (typeof value !== 'string' || decoded !== value) return mismatch(`the Mcp-Name header does not match params.${field}`);
  }
  if (method === 'tools/call' && typeof params.name === 'string')
    return checkParamHeaders(headers, kernel.toolHeaderParams(params.name), params.arguments);
  return undefined;
}

/** `Mcp-Param-<name>` for each `x-mcp-header` parameter: present exactly when the argument is, and equal to it. */
function checkParamHeaders(headers: HeaderSource, declared: readonly HeaderParam[] | undefined, args: unknown): HeaderProblem | undefined {
  if (declared === undefined || declared.length === 0) return undefined;
  const values = typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
  for (const { property, header: name } of declared) {
    const raw = headers.header(`mcp-param-${name.toLowerCase()}`);
    const value = values[property];
    if (value === undefined || value === null) {
      if (raw !== undefined) return mismatch(`the Mcp-Param-${name} header is set but the argument "${property}" is absent`);
      continue;
    }
    const expected = bodyValueText(value);
    // Non-primitive values cannot ride in a header; the schema check answers those.
    if (expected === undefined) continue;
    if (raw === undefined) return mismatch(`the Mcp-Param-${name} header is required when the argument "${property}" is given`);
    const decoded = decodeHeaderValue(raw);
    if (decoded === undefined || decoded !== expected)
      return mismatch(`the Mcp-Param-${name} header does not match the argument "${property}"`);
  }
  return undefined;
}
