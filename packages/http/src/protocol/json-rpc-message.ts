import { checkJsonRpcShape, decodeJsonRpc, type DecodeLimits } from '@armature/core/internal';
import type { JSONRPCErrorResponse, JSONRPCMessage, JSONRPCRequest } from '@armature/core/wire/2025-11-25';

/** What a POSTed message is, for the Streamable HTTP rules (MCP 2025-11-25, transports §Sending Messages). */
export type MessageKind = 'request' | 'notification' | 'response';

/** A decoding outcome: one message and its kind, or the error to answer with. */
export type DecodedBody =
  | { readonly ok: true; readonly message: JSONRPCMessage; readonly kind: MessageKind }
  | { readonly ok: false; readonly response: JSONRPCErrorResponse | undefined; readonly reason: string };

/** Decodes one HTTP body with core's shared decoder (UTF-8, size, depth and shape rules). */
export function decodeBody(body: Uint8Array, limits: DecodeLimits): DecodedBody {
  const result = decodeJsonRpc(body, limits);
  return result.ok ? { ok: true, message: result.message, kind: kindOf(result.message) } : result;
}

/** Checks a body a framework already parsed (express.json()). */
export function checkParsed(value: unknown, maxIdLength?: number): DecodedBody {
  const problem = checkJsonRpcShape(value, maxIdLength);
  if (problem !== undefined) return { ok: false, response: problem.response, reason: problem.reason };
  const message = value as JSONRPCMessage;
  return { ok: true, message, kind: kindOf(message) };
}

function kindOf(message: JSONRPCMessage): MessageKind {
  if ('method' in message) return 'id' in message && message.id !== undefined ? 'request' : 'notification';
  return 'response';
}

/** True for `initialize` (which opens a session). */
export function isInitialize(message: JSONRPCMessage): message is JSONRPCRequest {
  return (message as JSONRPCRequest).method === 'initialize' && 'id' in message;
}

/** True for a response (result or error), the message that ends a request's stream. */
export function isResponse(message: JSONRPCMessage): boolean {
  return !('method' in message) && ('result' in message || 'error' in message);
}

/** True for a request (server→client: elicitation, sampling, roots, ping). */
export function isRequest(message: JSONRPCMessage): message is JSONRPCRequest {
  return 'method' in message && 'id' in message;
}
