import { isMcpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import { errorResponse } from '../jsonrpc/json-rpc-errors';
import type { JSONRPCErrorResponse, RequestId } from '../wire/mcp-types.generated';
import type { ServerLogger } from '../logging/server-logger';

/**
 * The error response for something a method threw. An `McpWireError` goes out as it is;
 * anything else (non-Error throws included) is logged in full and answered with a generic
 * -32603, so no stack, path or internal message reaches the client.
 *
 * Never throws: the value may be hostile (a Proxy whose every trap throws, an object whose
 * `message` getter throws, a logger that cannot print it). Such a value still gets its -32603,
 * because every request gets exactly one response.
 */
export function toErrorResponse(id: RequestId, method: string, error: unknown, logger: ServerLogger): JSONRPCErrorResponse {
  try {
    if (isMcpWireError(error) && Number.isInteger(error.code)) {
      const message = error.message;
      return errorResponse(id, error.code, typeof message === 'string' ? message : 'Error', error.data);
    }
  } catch {
    // Reading the value threw; it is treated as an unexpected failure below.
  }
  logQuietly(logger, `${method} failed`, error);
  return errorResponse(id, WireErrorCode.InternalError, 'Internal error');
}

/** Logs `detail`, or a note that it could not be printed; never throws. */
export function logQuietly(logger: ServerLogger, message: string, detail: unknown): void {
  try {
    logger.error(message, detail);
  } catch {
    try {
      logger.error(`${message} with a value that cannot be inspected`);
    } catch {
      // The server's own logger is broken; the client still gets its answer.
    }
  }
}
