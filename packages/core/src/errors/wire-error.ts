import type { Error as JsonRpcErrorObject } from '../wire/mcp-types.generated';
import { echoed } from './client-text';
import { WireErrorCode } from './wire-error-codes';

/**
 * An error meant for the peer: thrown anywhere below the engine, it becomes a JSON-RPC
 * error response with exactly this `code`, `message` and `data`. Anything else that escapes
 * a feature becomes a generic -32603 (the real error goes to the server log only), so only
 * throw this with text that is safe to show a client.
 */
export class McpWireError extends Error {
  /**
   * @param code JSON-RPC error code (an integer; see `WireErrorCode`).
   * @param message One short sentence, safe to send to the client.
   * @param data Optional JSON-serializable detail (MCP: `{ uri }` for -32002).
   */
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'McpWireError';
  }

  /** The JSON-RPC `error` member for this error. */
  toJSON(): JsonRpcErrorObject {
    const wire: JsonRpcErrorObject = { code: this.code, message: this.message };
    if (this.data !== undefined) (wire as { data?: unknown }).data = this.data;
    return wire;
  }

  /** -32602: invalid params (also: unknown tool or prompt, invalid cursor). */
  static invalidParams(message: string, data?: unknown): McpWireError {
    return new McpWireError(WireErrorCode.InvalidParams, message, data);
  }

  /** -32601: method not found. */
  static methodNotFound(method: string): McpWireError {
    return new McpWireError(WireErrorCode.MethodNotFound, `Method not found: ${method}`);
  }

  /** -32002: resource not found, with `data: { uri }` as MCP specifies (a client's URI, cut to `MAX_ECHOED_CHARS`). */
  static resourceNotFound(uri: string): McpWireError {
    return new McpWireError(WireErrorCode.ResourceNotFound, 'Resource not found', { uri: echoed(uri) });
  }

  /** -32603 with a generic message; use when nothing more may be said. */
  static internal(message = 'Internal error'): McpWireError {
    return new McpWireError(WireErrorCode.InternalError, message);
  }
}

/** True for an `McpWireError`, including one from another copy of this package. Never throws. */
export function isMcpWireError(value: unknown): value is McpWireError {
  try {
    if (value instanceof McpWireError) return true;
    if (typeof value !== 'object' || value === null) return false;
    const candidate = value as { name?: unknown; code?: unknown; message?: unknown };
    return candidate.name === 'McpWireError' && Number.isInteger(candidate.code) && typeof candidate.message === 'string';
  } catch {
    // A hostile value (a Proxy whose traps throw) is not a wire error.
    return false;
  }
}
