import { WireErrorCode } from '../errors/wire-error-codes';
import type { JSONRPCErrorResponse } from '../wire/mcp-types.generated';

/**
 * The one seam where a revision-neutral error gets its 2026 number: MCP 2026-07-28 answers a
 * resource that does not exist with -32602 and `data.uri` (SEP-2164) where 2025 used -32002.
 */
export function encode2026Error(response: JSONRPCErrorResponse): JSONRPCErrorResponse {
  if (response.error.code !== WireErrorCode.ResourceNotFound) return response;
  return { ...response, error: { ...response.error, code: WireErrorCode.InvalidParams } };
}

/** The HTTP status of a 2026 error response (MCP 2026-07-28, Streamable HTTP). */
export function httpStatusOf2026Error(code: number, beforeDispatch: boolean): number {
  switch (code) {
    case WireErrorCode.MethodNotFound:
      return 404;
    case WireErrorCode.TooManyRequests:
      // A limit of the moment (open listen streams, spent single-use states): retry later.
      return 503;
    case WireErrorCode.HeaderMismatch:
    case WireErrorCode.MissingRequiredClientCapability:
    case WireErrorCode.UnsupportedProtocolVersion:
      return 400;
    default:
      // A malformed envelope is refused before dispatch with 400; errors of the method itself travel in a 200.
      return beforeDispatch ? 400 : 200;
  }
}
