import { frozenCopy } from '../metadata/frozen-copy';
import type { ToolRecord } from '../metadata/handler-metadata.types';
import { rememberJson } from '../metadata/known-json';
import type { Tool } from '../protocol/mcp-types.generated';
import type { CompiledSchema } from '../validation/schema-compiler';

const OPTIONAL_KEYS = ['annotations', 'icons', 'execution', '_meta'] as const;

/**
 * A tool's `tools/list` entry, frozen like `frozenCopy(entry)` but holding the compiler's
 * shared frozen schemas. When both schemas' texts are known (manifest schemas), the entry's
 * JSON text is remembered too, built from those texts in the entry's key order, so the first
 * list page does not serialize each shared schema again.
 */
export function toolListEntry(
  name: string,
  options: ToolRecord['options'],
  description: string | undefined,
  input: CompiledSchema,
  output: CompiledSchema | null,
): Tool {
  const entry: Record<string, unknown> = { name };
  const json: string[] = [`"name":${JSON.stringify(name)}`];
  const put = (key: string, value: unknown, text = JSON.stringify(value)): void => {
    entry[key] = value;
    json.push(`${JSON.stringify(key)}:${text}`);
  };
  if (options.title !== undefined) put('title', frozenCopy(options.title));
  if (description !== undefined) put('description', description);
  put('inputSchema', input.schema, input.json ?? '');
  if (output) put('outputSchema', output.schema, output.json ?? '');
  for (const key of OPTIONAL_KEYS) if (options[key] !== undefined) put(key, frozenCopy(options[key]));
  const listEntry = Object.freeze(entry);
  if (input.json !== undefined && (output === null || output.json !== undefined)) rememberJson(listEntry, `{${json.join(',')}}`);
  return listEntry as unknown as Tool;
}
