import { request as httpRequest, type ClientRequest } from 'node:http';
import { POST_HEADERS } from './raw-http';

export const V2026 = '2026-07-28';
const PV = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';

/** A JSON-RPC message as the raw 2026 tests read and write it. */
export type Body2026 = {
  jsonrpc: string;
  id?: string | number;
  method?: string;
  params?: Record<string, unknown> & { _meta?: Record<string, unknown> };
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: Record<string, unknown> };
};

/** The `_meta` envelope of a 2026 request. */
export function meta2026(caps: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { [PV]: V2026, [CAPS]: caps, 'io.modelcontextprotocol/clientInfo': { name: 'raw-fetch', version: '1.0.0' }, ...extra };
}

/** A 2026 request body (the envelope added to `params`). */
export function request2026(
  id: string | number,
  method: string,
  params: Record<string, unknown> = {},
  caps: Record<string, unknown> = {},
  extraMeta: Record<string, unknown> = {},
): Body2026 {
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: meta2026(caps, extraMeta) } };
}

/** The headers a 2026 client sends for `body`: version, Mcp-Method, and Mcp-Name where the method has one. */
export function headersFor2026(body: Body2026): Record<string, string> {
  const headers: Record<string, string> = { 'mcp-protocol-version': V2026, 'mcp-method': String(body.method) };
  const params = body.params ?? {};
  if (body.method === 'tools/call' || body.method === 'prompts/get') headers['mcp-name'] = String(params.name);
  if (body.method === 'resources/read') headers['mcp-name'] = String(params.uri);
  return headers;
}

/**
 * POSTs `body` on a socket of its own and leaves the request open (its answer is never read):
 * the caller ends it with `destroy()`, which closes the socket.
 */
export function holdOpen(url: string, body: string, headers: Record<string, string>): ClientRequest {
  const req = httpRequest(url, {
    method: 'POST',
    agent: false,
    headers: { ...POST_HEADERS, ...headers, 'content-length': String(Buffer.byteLength(body)) },
  });
  req.on('error', () => undefined);
  req.end(body);
  return req;
}
