import { WireErrorCode } from '../errors/wire-error-codes';
import type { JSONRPCMessage, RequestId } from '../wire/mcp-types.generated';
import { isRequestId } from './json-rpc-errors';

/** Receives the reason an outgoing message could not be serialized as it was. */
export type EncodeFailureHandler = (error: unknown, message: JSONRPCMessage) => void;

/**
 * Results whose JSON text is already known (cached list pages). The engine registers them;
 * text transports splice the text in instead of serializing the same frozen object again.
 */
const preEncodedResults = new WeakMap<object, string>();

/** Records the JSON text of a frozen result object so `encodeJsonRpc` can reuse it. */
export function registerEncodedResult(result: object, json: string): void {
  preEncodedResults.set(result, json);
}

/** The JSON text registered for `result`, if any. */
export function encodedResultOf(result: object): string | undefined {
  return preEncodedResults.get(result);
}

function internalErrorText(id: RequestId | undefined): string {
  const error = `{"code":${WireErrorCode.InternalError},"message":"Internal error: the response could not be serialized"}`;
  return id === undefined ? `{"jsonrpc":"2.0","error":${error}}` : `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":${error}}`;
}

/**
 * Serializes one outgoing message as a single line of JSON (no raw newlines: JSON.stringify
 * escapes control characters). Never throws for a response: a result or error that cannot be
 * serialized (circular, BigInt, a throwing getter or toJSON) becomes a -32603 error response
 * for the same id, and `onFailure` hears why. A request or notification that cannot be
 * serialized throws, so its sender learns of it.
 */
export function encodeJsonRpc(message: JSONRPCMessage, onFailure?: EncodeFailureHandler): string {
  const record = (typeof message === 'object' && message !== null ? message : {}) as { id?: unknown; result?: unknown; method?: unknown };
  const result = record.result;
  if (result !== undefined && typeof result === 'object' && result !== null) {
    const cached = preEncodedResults.get(result);
    if (cached !== undefined && isRequestId(record.id)) {
      return `{"jsonrpc":"2.0","id":${JSON.stringify(record.id)},"result":${cached}}`;
    }
  }
  try {
    const text = JSON.stringify(message);
    if (typeof text === 'string') return text;
    throw new TypeError('message serialized to nothing');
  } catch (error) {
    if (record.method !== undefined) throw error;
    onFailure?.(error, message);
    return internalErrorText(isRequestId(record.id) ? record.id : undefined);
  }
}
