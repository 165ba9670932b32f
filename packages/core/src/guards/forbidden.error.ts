import { McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';

/** JSON-RPC code of a refused call: `WireErrorCode.Forbidden` (-32003, server-defined range). */
export const FORBIDDEN_CODE = WireErrorCode.Forbidden;

/**
 * The call is not allowed. Throw it from a guard (or a handler) with a message the client may
 * see. A tool answers it as an `isError` result carrying the message, so the model can tell
 * the user and choose another way; a resource read, prompt or completion answers it as the
 * JSON-RPC error -32003 (those results have no error shape of their own).
 */
export class ForbiddenError extends McpWireError {
  /**
   * @param message Safe to show the client, e.g. `Only admins may delete notes.`
   * @param data Optional JSON detail for the JSON-RPC error.
   */
  constructor(message = 'Forbidden: this call is not allowed', data?: unknown) {
    super(FORBIDDEN_CODE, message, data);
    this.name = 'ForbiddenError';
  }
}
