import { quotedEcho } from '../errors/client-text';
import { McpWireError } from '../errors/wire-error';

/** The params object of a request; the shape check guarantees an object when present. */
export type RequestParamsRecord = Readonly<Record<string, unknown>>;

/** A shared empty params object for requests that carried none. */
export const NO_PARAMS: RequestParamsRecord = Object.freeze({});

/** `params[key]` as a string, or -32602. */
export function requiredString(params: RequestParamsRecord, key: string): string {
  const value = params[key];
  if (typeof value !== 'string') throw McpWireError.invalidParams(`Invalid params: "${key}" must be a string`);
  return value;
}

/** `params[key]` as a plain object when present, or -32602. */
export function optionalObject(params: RequestParamsRecord, key: string): Record<string, unknown> | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw McpWireError.invalidParams(`Invalid params: "${key}" must be an object`);
  }
  return value as Record<string, unknown>;
}

/** `params[key]` as an object of string values when present (prompt arguments), or -32602. */
export function optionalStringRecord(params: RequestParamsRecord, key: string): Record<string, string> | undefined {
  const value = optionalObject(params, key);
  if (value === undefined) return undefined;
  for (const name of Object.keys(value)) {
    if (typeof value[name] !== 'string')
      throw McpWireError.invalidParams(`Invalid params: ${quotedEcho(`${key}.${name}`)} must be a string`);
  }
  return value as Record<string, string>;
}
