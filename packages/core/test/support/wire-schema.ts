import { schemaErrors, serverMessageErrors } from '@armature/testing';

/**
 * Schema checks against the official MCP 2025-11-25 schema, from @armature/testing (the same
 * checks users get), with the throwing forms core's tests use.
 */
export { schemaErrors, serverMessageErrors };

/** Throws when `value` does not validate against `$defs/<definition>`. */
export function assertSchema(definition: string, value: unknown): void {
  const errors = schemaErrors(definition, value);
  if (errors.length > 0) throw new Error(`${JSON.stringify(value).slice(0, 400)} violates ${errors.join('; ')}`);
}

/** Throws unless `message` is a valid server message (a response to `requestMethod`, when given). */
export function assertServerMessage(message: unknown, requestMethod?: string): void {
  const errors = serverMessageErrors(message, requestMethod);
  if (errors.length > 0) throw new Error(`invalid server message ${JSON.stringify(message).slice(0, 300)}: ${errors.join('; ')}`);
}
