import { WireErrorCode } from '../errors/wire-error-codes';
import type { JSONRPCErrorResponse } from '../wire/mcp-types.generated';
import { DEFAULT_MAX_ID_LENGTH } from './decode-limits';
import { errorResponse, invalidRequestResponse, isRequestId } from './json-rpc-errors';

/** Why a value is not an acceptable JSON-RPC message, and the reply to send, if any. */
export interface ShapeProblem {
  /** The error response to send; undefined when nothing may be answered (a malformed response or notification). */
  readonly response: JSONRPCErrorResponse | undefined;
  /** A short description for the server log. */
  readonly reason: string;
}

function problem(response: JSONRPCErrorResponse | undefined, reason: string): ShapeProblem {
  return { response, reason };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a parsed value against the JSON-RPC 2.0 message shapes MCP 2025-11-25 allows
 * (JSONRPCRequest, JSONRPCNotification, JSONRPCResultResponse, JSONRPCErrorResponse).
 * Returns undefined when the value is a well-formed message.
 *
 * Arrays are rejected: batching was removed from MCP in 2025-06-18. A request whose
 * `params` is not an object is answered -32602 (the call is well framed, its parameters are not).
 * A string id longer than `maxIdLength` is refused (-32600) without being echoed, and so is an
 * empty `method` (it names nothing to invoke: an invalid request, not an unknown method).
 */
export function checkJsonRpcShape(value: unknown, maxIdLength: number = DEFAULT_MAX_ID_LENGTH): ShapeProblem | undefined {
  if (typeof value !== 'object' || value === null) {
    return problem(invalidRequestResponse(undefined, 'Invalid request: a JSON-RPC message must be an object'), 'not an object');
  }
  if (Array.isArray(value)) {
    return problem(invalidRequestResponse(undefined, 'Invalid request: JSON-RPC batches are not supported'), 'batch array');
  }
  const message = value as Record<string, unknown>;
  const id = message.id;
  if (typeof id === 'string' && id.length > maxIdLength) {
    const answer =
      typeof message.method === 'string'
        ? invalidRequestResponse(undefined, `Invalid request: "id" is longer than ${maxIdLength} characters`)
        : undefined;
    return problem(answer, 'id too long');
  }
  if (message.jsonrpc !== '2.0') {
    return problem(invalidRequestResponse(id, 'Invalid request: "jsonrpc" must be "2.0"'), 'wrong jsonrpc version');
  }
  const method = message.method;
  if (method !== undefined) {
    if (typeof method !== 'string') {
      return problem(invalidRequestResponse(id, 'Invalid request: "method" must be a string'), 'method not a string');
    }
    if (method === '') {
      // JSON-RPC names the method to invoke; an empty one names none, so the request itself is invalid.
      if (id === undefined) return problem(undefined, 'notification with an empty method');
      return problem(
        invalidRequestResponse(isRequestId(id) ? id : undefined, 'Invalid request: "method" must not be empty'),
        'empty method',
      );
    }
    if (id !== undefined && !isRequestId(id)) {
      return problem(
        invalidRequestResponse(undefined, 'Invalid request: "id" must be a string or an integer between -(2^53 - 1) and 2^53 - 1'),
        'unusable id',
      );
    }
    const params = message.params;
    if (params !== undefined && !isPlainObject(params)) {
      // A notification is never answered, not even with an error.
      if (id === undefined) return problem(undefined, `notification ${method} with non-object params`);
      return problem(errorResponse(id, WireErrorCode.InvalidParams, 'Invalid params: "params" must be an object'), 'params not an object');
    }
    return undefined;
  }
  const hasResult = message.result !== undefined;
  const hasError = message.error !== undefined;
  if (hasResult || hasError) {
    // A malformed response is dropped: answering a response could start an error ping-pong.
    if (hasResult && hasError) return problem(undefined, 'response with both result and error');
    if (hasResult) {
      if (!isRequestId(id) || !isPlainObject(message.result)) return problem(undefined, 'malformed result response');
      return undefined;
    }
    const error = message.error;
    if (
      (id !== undefined && !isRequestId(id)) ||
      !isPlainObject(error) ||
      !Number.isInteger(error.code) ||
      typeof error.message !== 'string'
    ) {
      return problem(undefined, 'malformed error response');
    }
    return undefined;
  }
  return problem(
    invalidRequestResponse(id, 'Invalid request: neither a request, a notification nor a response'),
    'no method, result or error',
  );
}
