import { WireErrorCode } from '../errors/wire-error-codes';
import type { JSONRPCErrorResponse, RequestId } from '../wire/mcp-types.generated';

/**
 * Builds a JSON-RPC error response. The id is omitted when it is unknown: the 2025-11-25
 * schema makes `JSONRPCErrorResponse.id` optional and does not allow `null`.
 */
export function errorResponse(id: RequestId | undefined, code: number, message: string, data?: unknown): JSONRPCErrorResponse {
  const error: JSONRPCErrorResponse['error'] =
    data === undefined ? { code, message } : { code, message, data: data as JSONRPCErrorResponse['error']['data'] };
  return id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error };
}

/**
 * True for a request id MCP accepts: a string or an exact integer (never null, a fraction, an
 * object, or an integer beyond 2^53 - 1, which JSON.parse may have rounded onto another id).
 */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));
}

/** -32700 with no id: the input could not be read as JSON at all. */
export function parseErrorResponse(message: string): JSONRPCErrorResponse {
  return errorResponse(undefined, WireErrorCode.ParseError, message);
}

/** -32700 with no id: a frame over the size limit is refused unread, like unreadable JSON. */
export function tooLargeResponse(maxBytes: number): JSONRPCErrorResponse {
  return parseErrorResponse(`Parse error: message larger than ${maxBytes} bytes`);
}

/** -32600 with the id when it is usable. */
export function invalidRequestResponse(id: unknown, message: string): JSONRPCErrorResponse {
  return errorResponse(isRequestId(id) ? id : undefined, WireErrorCode.InvalidRequest, message);
}
