import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { JsonSchema, ToolRecord } from '../metadata/handler-metadata.types';
import type { LoadedMethod } from '../manifest/manifest-format';
import type { SchemaTable } from '../manifest/schema-table';
import type { PrecompiledValidators } from '../validation/precompiled-validators';
import type { CompiledSchema, SchemaCompiler } from '../validation/schema-compiler';
import {
  checkHeaderParameters,
  describePointer,
  type HeaderParameterProblem,
  markHeaderParameters,
  mergeSchemaExtension,
} from './schema-extension';

/** MCP: a tool without parameters advertises exactly this input schema. */
export const NO_ARGUMENTS_SCHEMA: JsonSchema = Object.freeze({ type: 'object', additionalProperties: false });

/** A tool's schema and, when it comes from a manifest, its entry there (its identity). */
export interface ToolSchema {
  readonly schema: JsonSchema;
  readonly listed?: { readonly table: SchemaTable; readonly index: number };
  /**
   * True when `extendInputSchema` or `headers` changed the schema at boot: `armature build` did
   * not see that schema (the options were not literals, or the schema is an `inputSchema`
   * override), so no precompiled validator is looked up for it.
   */
  readonly extended?: boolean;
}

/**
 * A manifest schema, read from the table when asked for: a text entry stays text until then.
 * A class (one shape and no closure per tool, 10,000 at boot); it is its own `listed`.
 */
class ListedSchema implements ToolSchema {
  constructor(
    readonly table: SchemaTable,
    readonly index: number,
  ) {}

  get schema(): JsonSchema {
    return this.table.get(this.index);
  }

  get listed(): { readonly table: SchemaTable; readonly index: number } {
    return this;
  }
}

/** A tool's output schema from the manifest, with its `outputWrapped`. */
class ListedOutputSchema extends ListedSchema implements OutputSchemaSpec {
  constructor(
    table: SchemaTable,
    index: number,
    readonly wrapped: boolean,
  ) {
    super(table, index);
  }
}

function fromManifest(table: SchemaTable | undefined, index: number | undefined): ToolSchema | undefined {
  return index === undefined || table === undefined ? undefined : new ListedSchema(table, index);
}

/** The validator and shared frozen copy of a tool schema (by manifest entry when it has one). */
export function compileToolSchema(
  compiler: SchemaCompiler,
  tool: ToolSchema,
  where: string,
  precompiled?: PrecompiledValidators,
): CompiledSchema {
  if (tool.listed) return compiler.compileListed(tool.listed.table, tool.listed.index, where, precompiled);
  if (tool.extended) return compiler.compileShared(tool.schema, `${where} (extended by its extendInputSchema/headers options)`);
  return compiler.compileShared(tool.schema, where, precompiled);
}

/**
 * The input schema a tool advertises and validates with: override, manifest, or "no arguments",
 * extended by the tool's `extendInputSchema` and `headers` options.
 * `owner`: who problems are about (`Class.method (tool "name")`); `schemas`: the table the
 * manifest entry's indexes refer to.
 */
export function inputSchemaOf(owner: string, record: ToolRecord, entry: LoadedMethod | undefined, schemas?: SchemaTable): ToolSchema {
  const override = record.options.inputSchema;
  const chosen =
    override !== undefined ? { schema: override } : (fromManifest(schemas, entry?.inputSchema) ?? { schema: NO_ARGUMENTS_SCHEMA });
  // A schema still in text form was written by `armature build`, which gives tools object
  // schemas only; it is not parsed here unless boot options extend it.
  const { extendInputSchema, headers } = record.options;
  if (chosen.listed?.table.isText(chosen.listed.index) && extendInputSchema === undefined && headers === undefined) return chosen;
  if (chosen.schema.type !== 'object') {
    throw new ArmatureError(
      LocalErrorCode.INVALID_SCHEMA,
      `${owner}: the input schema must have "type": "object" at its root (MCP tools take named arguments), got ${JSON.stringify(chosen.schema.type)}.`,
    );
  }
  return extendedInputSchema(owner, record, chosen, override !== undefined);
}

/**
 * Applies `extendInputSchema`, then `headers`, then checks every `x-mcp-header` parameter.
 * A manifest schema that `armature build` already extended (the options were literals) comes
 * back unchanged, with its manifest identity, so its precompiled validator is used.
 * Manifest schemas without these options are not checked again: the build checked them.
 */
function extendedInputSchema(owner: string, record: ToolRecord, chosen: ToolSchema, explicit: boolean): ToolSchema {
  const { extendInputSchema: extension, headers } = record.options;
  if (extension === undefined && headers === undefined && !explicit) return chosen;
  let schema = chosen.schema;
  let changed = false;
  if (extension !== undefined) {
    const merged = mergeSchemaExtension(schema, extension);
    if (merged.problems.length > 0) {
      const lines = merged.problems.map((p) => `at ${describePointer(p.pointer)}: ${p.message}`);
      throw new ArmatureError(
        LocalErrorCode.SCHEMA_EXTENSION,
        `${owner}: extendInputSchema cannot be merged into the input schema, ${joinProblems(lines)}.`,
      );
    }
    schema = merged.schema;
    changed = merged.changed;
  }
  const marked =
    headers === undefined ? { schema, changed: false, problems: checkHeaderParameters(schema) } : markHeaderParameters(schema, headers);
  if (marked.problems.length > 0) {
    throw new ArmatureError(LocalErrorCode.HEADER_PARAMETER, `${owner}: ${joinProblems(marked.problems.map(headerProblemText))}.`);
  }
  return changed || marked.changed ? { schema: marked.schema, extended: true } : chosen;
}

function headerProblemText(problem: HeaderParameterProblem): string {
  return problem.parameter === undefined ? problem.message : `parameter "${problem.parameter}" cannot be a header: ${problem.message}`;
}

function joinProblems(lines: readonly string[]): string {
  return lines.length === 1 ? (lines[0] as string) : lines.join('; ');
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
    const index = entry?.outputSchema;
    if (index === undefined || schemas === undefined) return null;
    // Not `{ ...fromManifest(…) }`: spreading would read the `schema` getter (parse a text entry) at boot.
    return new ListedOutputSchema(schemas, index, entry?.outputWrapped === true);
  }
  if (override.type === 'object') return { schema: override, wrapped: false };
  const { $schema, ...inner } = override;
  const wrapper: Record<string, unknown> = {
    type: 'object',
    properties: { result: inner },
    required: ['result'],
    additionalProperties: false,
  };
  return { schema: $schema === undefined ? wrapper : { $schema, ...wrapper }, wrapped: true };
}
