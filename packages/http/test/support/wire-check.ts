import type { Transport } from '@armature/core';
import { schemaErrors, serverMessageErrors, WireCheckedTransport } from '@armature/testing';

/** Schema checks for what the server sends (MCP 2025-11-25), from @armature/testing. */
export { schemaErrors };

/** A client transport whose server messages are checked (`violations`, `assertClean()`). */
export type WireChecked = WireCheckedTransport;

/** Throws unless `message` is a valid server message (a response to `requestMethod`, when given). */
export function assertServerMessage(message: unknown, requestMethod?: string): void {
  const errors = serverMessageErrors(message, requestMethod);
  if (errors.length > 0) throw new Error(`invalid server message ${JSON.stringify(message).slice(0, 300)}: ${errors.join('; ')}`);
}

/** Wraps a client transport (the SDK's included) so that everything the server sends is checked. */
export function wireChecked(inner: unknown): WireChecked {
  return new WireCheckedTransport(inner as Transport, { check: true });
}
