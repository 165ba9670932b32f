import { isMcpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import { errorResponse } from '../jsonrpc/json-rpc-errors';
import type { JSONRPCErrorResponse, RequestId } from './mcp-types.generated';
import type { ServerLogger } from './server-logger';

/**
 * The error response for something a method threw. An `McpWireError` goes out as it is;
 * anything else (non-Error throws included) is logged in full and answered with a generic
 * -32603, so no stack, path or internal message reaches the client.
 */
export function toErrorResponse(id: RequestId, method: string, error: unknown, logger: ServerLogger): JSONRPCErrorResponse {
  if (isMcpWireError(error) && Number.isInteger(error.code)) {
    return errorResponse(id, error.code, String(error.message), error.data);
  }
  logger.error(`${method} failed`, error);
  return errorResponse(id, WireErrorCode.InternalError, 'Internal error');
}
