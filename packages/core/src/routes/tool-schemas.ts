import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { JsonSchema, ToolRecord } from '../metadata/handler-metadata.types';
import type { ManifestMethod } from '../manifest/manifest.types';

/** MCP: a tool without parameters advertises exactly this input schema. */
export const NO_ARGUMENTS_SCHEMA: JsonSchema = Object.freeze({ type: 'object', additionalProperties: false });

/** The input schema a tool advertises and validates with: override, manifest, or "no arguments". */
export function inputSchemaOf(owner: string, record: ToolRecord, entry: ManifestMethod | undefined): JsonSchema {
  const schema = record.options.inputSchema ?? entry?.inputSchema ?? NO_ARGUMENTS_SCHEMA;
  if (schema.type !== 'object') {
    throw new ArmatureError(
      LocalErrorCode.INVALID_SCHEMA,
      `${owner}: the input schema must have "type": "object" at its root (MCP tools take named arguments), got ${JSON.stringify(schema.type)}.`,
    );
  }
  return schema;
}

/** The output schema, and whether return values are wrapped as `{ result }` to fit it. */
export interface OutputSchemaSpec {
  readonly schema: JsonSchema;
  readonly wrapped: boolean;
}

/**
 * The output schema: the manifest's (with its `outputWrapped`), or an override. MCP requires
 * `type: "object"` at the root, so an override of another type is wrapped as `{ result }`.
 */
export function outputSchemaOf(record: ToolRecord, entry: ManifestMethod | undefined): OutputSchemaSpec | null {
  const override = record.options.outputSchema;
  if (override === undefined) {
    return entry?.outputSchema ? { schema: entry.outputSchema, wrapped: entry.outputWrapped === true } : null;
  }
  if (override.type === 'object') return { schema: override, wrapped: false };
  const { $schema, ...inner } = override;
  const wrapper: Record<string, unknown> = { type: 'object', properties: { result: inner }, required: ['result'], additionalProperties: false };
  return { schema: $schema === undefined ? wrapper : { $schema, ...wrapper }, wrapped: true };
}
