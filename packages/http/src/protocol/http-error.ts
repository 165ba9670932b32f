import { WireErrorCode } from '@armature/core';
import type { RequestId } from '@armature/core/wire/2025-11-25';

/**
 * Bodies for transport-level refusals. Every refusal carries a JSON-RPC error object, so a
 * client that reads the body learns why; the HTTP status carries the transport rule.
 * The `id` is omitted when it cannot be known (MCP 2025-11-25 `JSONRPCErrorResponse.id` is optional).
 */
export function errorBody(code: number, message: string, id?: RequestId): string {
  const error = { code, message };
  return JSON.stringify(id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error });
}

/** The JSON-RPC code used for a transport-level refusal with this HTTP status. */
export function codeForStatus(status: number): number {
  if (status >= 500) return WireErrorCode.ConnectionClosed;
  return WireErrorCode.InvalidRequest;
}
