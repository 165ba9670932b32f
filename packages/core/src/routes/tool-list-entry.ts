import { frozenCopy } from '../metadata/frozen-copy';
import type { JsonSchema, ToolRecord } from '../metadata/handler-metadata.types';
import { rememberJson } from '../metadata/known-json';
import type { Tool } from '../wire/mcp-types.generated';
import type { CompiledSchema } from '../validation/schema-compiler';

const OPTIONAL_KEYS = ['annotations', 'icons', 'execution', '_meta'] as const;

/**
 * Sets `entry[key]` to the compiled schema's frozen copy. A schema whose text is known is not
 * read now (reading it parses a format 3 manifest's entry): the entry gets an enumerable
 * getter instead, so list pages are joined from the texts and only an in-process reader of the
 * entry object pays the parse, once.
 */
function setSchema(entry: Record<string, unknown>, key: 'inputSchema' | 'outputSchema', compiled: CompiledSchema): void {
  if (compiled.json === undefined) {
    entry[key] = compiled.schema;
    return;
  }
  let schemas = deferredSchemas.get(entry);
  if (schemas === undefined) deferredSchemas.set(entry, (schemas = {}));
  schemas[key] = compiled;
  Object.defineProperty(entry, key, { get: SCHEMA_GETTERS[key], enumerable: true, configurable: false });
}

/** The compiled schemas behind list entries' schema getters (shared getters: one pair of functions, not two closures per tool). */
const deferredSchemas = new WeakMap<object, { inputSchema?: CompiledSchema; outputSchema?: CompiledSchema }>();

const SCHEMA_GETTERS = {
  inputSchema(this: object): JsonSchema | undefined {
    return deferredSchemas.get(this)?.inputSchema?.schema;
  },
  outputSchema(this: object): JsonSchema | undefined {
    return deferredSchemas.get(this)?.outputSchema?.schema;
  },
};

/**
 * Throws what {@link toolListEntry} would throw for these options (a value JSON cannot hold,
 * such as a BigInt in `_meta`), so a tool whose entry is made later still fails the boot.
 */
export function checkListOptions(options: ToolRecord['options']): void {
  if (options.title !== undefined) JSON.stringify(options.title);
  for (const key of OPTIONAL_KEYS) if (options[key] !== undefined) JSON.stringify(options[key]);
}

/**
 * A tool's `tools/list` entry, frozen like `frozenCopy(entry)` but holding the compiler's
 * shared frozen schemas. When both schemas' texts are known (manifest schemas), the entry's
 * JSON text is remembered too (the text {@link toolListJson} writes), so the first list page
 * does not serialize each shared schema again.
 */
export function toolListEntry(
  name: string,
  options: ToolRecord['options'],
  description: string | undefined,
  input: CompiledSchema,
  output: CompiledSchema | null,
): Tool {
  const entry: Record<string, unknown> = { name };
  if (options.title !== undefined) entry.title = frozenCopy(options.title);
  if (description !== undefined) entry.description = description;
  setSchema(entry, 'inputSchema', input);
  if (output) setSchema(entry, 'outputSchema', output);
  for (const key of OPTIONAL_KEYS) if (options[key] !== undefined) entry[key] = frozenCopy(options[key]);
  const listEntry = Object.freeze(entry);
  const json = toolListJson(name, options, description, input, output);
  if (json !== undefined) rememberJson(listEntry, json);
  return listEntry as unknown as Tool;
}

/**
 * `JSON.stringify` of the entry {@link toolListEntry} makes, written without making it: from the
 * schemas' known texts, in the entry's key order (a list page of manifest tools is joined from
 * these, and its entry objects are made only if someone reads them). Undefined when a schema's
 * text is not known (a schema from code).
 */
export function toolListJson(
  name: string,
  options: ToolRecord['options'],
  description: string | undefined,
  input: CompiledSchema,
  output: CompiledSchema | null,
): string | undefined {
  if (input.json === undefined || (output !== null && output.json === undefined)) return undefined;
  let json = `{"name":${JSON.stringify(name)}`;
  // The entry holds frozen copies; the text is theirs (a copy keeps plain data only).
  if (options.title !== undefined) json += `,"title":${JSON.stringify(frozenCopy(options.title))}`;
  if (description !== undefined) json += `,"description":${JSON.stringify(description)}`;
  json += `,"inputSchema":${input.json}`;
  if (output) json += `,"outputSchema":${output.json}`;
  for (const key of OPTIONAL_KEYS) {
    if (options[key] !== undefined) json += `,${JSON.stringify(key)}:${JSON.stringify(frozenCopy(options[key]))}`;
  }
  return `${json}}`;
}
