import { frozenCopy } from '../metadata/frozen-copy';
import type { ToolRecord } from '../metadata/handler-metadata.types';
import { rememberJson } from '../metadata/known-json';
import type { Tool } from '../wire/mcp-types.generated';
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
  let json = `{"name":${JSON.stringify(name)}`;
  if (options.title !== undefined) {
    const title = frozenCopy(options.title);
    entry.title = title;
    json += `,"title":${JSON.stringify(title)}`;
  }
  if (description !== undefined) {
    entry.description = description;
    json += `,"description":${JSON.stringify(description)}`;
  }
  entry.inputSchema = input.schema;
  json += `,"inputSchema":${input.json}`;
  if (output) {
    entry.outputSchema = output.schema;
    json += `,"outputSchema":${output.json}`;
  }
  for (const key of OPTIONAL_KEYS) {
    if (options[key] === undefined) continue;
    const value = frozenCopy(options[key]);
    entry[key] = value;
    json += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }
  const listEntry = Object.freeze(entry);
  if (input.json !== undefined && (output === null || output.json !== undefined)) rememberJson(listEntry, `${json}}`);
  return listEntry as unknown as Tool;
}
