import type { JSONRPCErrorResponse, JSONRPCMessage, RequestId } from '@armature/core';

/** One decoded text frame: a message for the session, or the error reply the transport sends itself. */
export type FrameDecodeResult =
  | { readonly ok: true; readonly message: JSONRPCMessage }
  | { readonly ok: false; readonly reply: JSONRPCErrorResponse };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes one text frame's bytes. ws is told to skip its own UTF-8 check (which would close
 * the socket with 1007) so that invalid UTF-8 is answered in-band with -32700 and the
 * connection keeps serving, like every other bad input (issue 7, point 1).
 *
 * Thin adapter: it will delegate to core's shared `decodeJsonRpc` once that lands, so every
 * transport answers bad input identically.
 */
export function decodeFrame(bytes: Buffer): FrameDecodeResult {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return fail(-32700, 'Parse error: the frame is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail(-32700, 'Parse error: the frame is not valid JSON');
  }
  if (Array.isArray(value)) return fail(-32600, 'Invalid Request: batches are not supported (one message per frame)');
  if (typeof value !== 'object' || value === null) return fail(-32600, 'Invalid Request: a message must be a JSON object');
  const record = value as Record<string, unknown>;
  if (record.jsonrpc !== '2.0') return fail(-32600, 'Invalid Request: "jsonrpc" must be "2.0"', requestIdOf(record));
  return { ok: true, message: value as JSONRPCMessage };
}

/** The id to echo in an error reply, when the message has a usable one. */
function requestIdOf(record: Record<string, unknown>): RequestId | undefined {
  const id = record.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : undefined;
}

function fail(code: number, message: string, id?: RequestId): FrameDecodeResult {
  const reply: JSONRPCErrorResponse = { jsonrpc: '2.0', error: { code, message } };
  if (id !== undefined) reply.id = id;
  return { ok: false, reply };
}
