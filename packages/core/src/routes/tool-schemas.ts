import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { JsonSchema, ToolRecord } from '../metadata/handler-metadata.types';
import type { LoadedMethod } from '../manifest/manifest-format';
import type { SchemaTable } from '../manifest/schema-table';
import type { PrecompiledValidators } from '../validation/precompiled-validators';
import type { CompiledSchema, SchemaCompiler } from '../validation/schema-compiler';

/** MCP: a tool without parameters advertises exactly this input schema. */
export const NO_ARGUMENTS_SCHEMA: JsonSchema = Object.freeze({ type: 'object', additionalProperties: false });

/** A tool's schema and, when it comes from a manifest, its entry there (its identity). */
export interface ToolSchema {
  readonly schema: JsonSchema;
  readonly listed?: { readonly table: SchemaTable; readonly index: number };
}

function fromManifest(table: SchemaTable | undefined, index: number | undefined): ToolSchema | undefined {
  if (index === undefined || table === undefined) return undefined;
  return { schema: table.get(index), listed: { table, index } };
}

/** The validator and shared frozen copy of a tool schema (by manifest entry when it has one). */
export function compileToolSchema(compiler: SchemaCompiler, tool: ToolSchema, where: string, precompiled?: PrecompiledValidators): CompiledSchema {
  return tool.listed
    ? compiler.compileListed(tool.listed.table, tool.listed.index, where, precompiled)
    : compiler.compileShared(tool.schema, where, precompiled);
}

/**
 * The input schema a tool advertises and validates with: override, manifest, or "no arguments".
 * `schemas`: the table the manifest entry's indexes refer to.
 */
export function inputSchemaOf(owner: string, record: ToolRecord, entry: LoadedMethod | undefined, schemas?: SchemaTable): ToolSchema {
  const override = record.options.inputSchema;
  const chosen = override !== undefined ? { schema: override } : fromManifest(schemas, entry?.inputSchema) ?? { schema: NO_ARGUMENTS_SCHEMA };
  if (chosen.schema.type !== 'object') {
    throw new ArmatureError(
      LocalErrorCode.INVALID_SCHEMA,
      `${owner}: the input schema must have "type": "object" at its root (MCP tools take named arguments), got ${JSON.stringify(chosen.schema.type)}.`,
    );
  }
  return chosen;
}

/** The output schema, and whether return values are wrapped as `{ result }` to fit it. */
export interface OutputSchemaSpec extends ToolSchema {
  readonly wrapped: boolean;
}

/**
 * The output schema: the manifest's (with its `outputWrapped`), or an override. MCP requires
 * `type: "object"` at the root, so an override of another type is wrapped as `{ result }`.
 */
export function outputSchemaOf(record: ToolRecord, entry: LoadedMethod | undefined, schemas?: SchemaTable): OutputSchemaSpec | null {
  const override = record.options.outputSchema;
  if (override === undefined) {
    const listed = fromManifest(schemas, entry?.outputSchema);
    return listed ? { ...listed, wrapped: entry?.outputWrapped === true } : null;
  }
  if (override.type === 'object') return { schema: override, wrapped: false };
  const { $schema, ...inner } = override;
  const wrapper: Record<string, unknown> = { type: 'object', properties: { result: inner }, required: ['result'], additionalProperties: false };
  return { schema: $schema === undefined ? wrapper : { $schema, ...wrapper }, wrapped: true };
}
