import type { AnySchemaObject, ValidateFunction } from 'ajv';
import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { frozenCopy } from '../metadata/frozen-copy';
import type { JsonSchema } from '../metadata/handler-metadata.types';
import type { SchemaTable } from '../manifest/schema-table';
import { type AjvInstance, createAjv, type Dialect, dialectOf, schemaForAjv } from './ajv-setup';
import { ajvIssues } from './ajv-issues';
import { DeferredSchema, type DeferredValidatorMaker } from './deferred-schema';
import { parseObject, planValidator, quickFirstValidator } from './plan-validator';
import type { PrecompiledValidators } from './precompiled-validators';
import { planSchema } from './simple/simple-plan';
import { quickTablesOf } from './simple/simple-quick-schema';
import type { Validator } from './validation-result';

/**
 * A schema's validator and its shared frozen copy. For a schema `armature build` vouched for
 * (see {@link SchemaCompiler.compileListed}) both are made when first read: read them when
 * needed (a call, a list client), not at boot.
 */
export interface CompiledSchema {
  readonly validate: Validator;
  readonly schema: JsonSchema;
  /** `JSON.stringify(schema)` of the frozen copy, when known (manifest schemas). */
  readonly json?: string;
}

/**
 * Turns JSON Schemas into validators, once per distinct schema, at boot: JSON Schema 2020-12
 * unless `$schema` says 2019-09 or draft-07 (MCP: "2020-12 unless $schema says otherwise"),
 * formats on, every error collected, defaults applied.
 *
 * Where a validator comes from, cheapest first:
 * 1. one already made by this compiler for the same manifest schema (its index in the
 *    manifest's table: `armature build` stores each distinct schema once), or else for the
 *    same schema text (`JSON.stringify`, so key order counts and the issues keep their
 *    order): a server whose tools share a schema compiles it once (1,001 tools of two distinct
 *    schemas: 2 compiles instead of 1,001, and 2 schemas stringified instead of 1,001);
 * 2. the shared checker (`simple/`), when every keyword of the schema is in its subset (the
 *    types, properties, required, closed objects, arrays, enums, limits, patterns and
 *    defaults that generated schemas are made of): it reports exactly what ajv would, and
 *    nothing is compiled or loaded per schema;
 * 3. the validators `armature build` precompiled next to the manifest (ajv standalone code),
 *    looked up by the same text, so a stale file can never answer for a changed schema;
 * 4. ajv, loaded on first need, one instance per dialect per app.
 *
 * A schema compiled with ajv is compiled at boot, never on a tool's first call: a schema that
 * does not compile must stop the server from starting, not fail the first caller. A
 * precompiled one (`armature build` compiled it already) is only looked up at boot; its
 * factory runs on the tool's first call, so tools nobody calls cost nothing.
 */
export class SchemaCompiler implements DeferredValidatorMaker {
  private readonly instances = new Map<Dialect, AjvInstance>();
  private readonly byText = new Map<string, CompiledSchema>();
  private readonly byTable = new WeakMap<SchemaTable, (CompiledSchema | undefined)[]>();

  /**
   * A validator for `schema`; throws `ARM_ERR_INVALID_SCHEMA` naming `where` if it does not
   * compile. `precompiled`: the validators generated for the manifest the schema came from.
   */
  compile(schema: JsonSchema, where: string, precompiled?: PrecompiledValidators): Validator {
    return this.compileShared(schema, where, precompiled).validate;
  }

  /**
   * {@link compile}, and a frozen deep copy of the schema shared by every route with the same
   * schema text, for list entries (copying and freezing each tool's schema cost ~12 ms of a
   * 1,001-tool boot; a shared frozen copy is safe because nobody can change it).
   */
  compileShared(schema: JsonSchema, where: string, precompiled?: PrecompiledValidators): CompiledSchema {
    return this.compileText(schema, schemaText(schema, where), where, precompiled, undefined);
  }

  /**
   * {@link compileShared} for schema `index` of a manifest's table: routes that refer to the
   * same entry get the same result without the schema being stringified again, and the
   * table's frozen copy is the one listed. A schema still in text form that `armature build`
   * checked with this very core (its validators file vouches for it) is made on first use
   * (`deferred-schema.ts`): start-up grows with the tools a server uses, not those it has.
   */
  compileListed(table: SchemaTable, index: number, where: string, precompiled?: PrecompiledValidators): CompiledSchema {
    let slots = this.byTable.get(table);
    if (slots === undefined) this.byTable.set(table, (slots = []));
    let compiled = slots[index];
    if (compiled === undefined) {
      compiled =
        table.isText(index) && precompiled?.vouchesFor(table.text(index))
          ? new DeferredSchema(table.text(index), table, index, where, precompiled, this)
          : this.compileEntry(table, index, where, precompiled);
      slots[index] = compiled;
    }
    return compiled;
  }

  /**
   * The validator of a deferred manifest schema, on its first use. The text is parsed for the
   * validator alone: not frozen and not kept (the one-pass tables or the plan hold what they
   * check; `deferred.schema` reads the table's frozen copy if anyone asks). The common tool
   * schema gets its one-pass tables only (`quickTablesOf`), its full plan when a value fails
   * them. A schema outside the shared checker's subset, or a text that is not a JSON object,
   * takes the table's copy (which reports a bad text).
   */
  validatorOf(deferred: DeferredSchema): Validator {
    // Not looked up by text (hashing ~600 characters on a first call): the manifest stores each
    // distinct schema once, and its routes share this object by index already.
    const parsed = parseObject(deferred.json);
    // The common tool schema: its one-pass tables now, the full plan when a value fails them
    // (parsed again then: the parsed schema is not kept).
    const quick = parsed === undefined ? undefined : quickTablesOf(parsed);
    if (quick !== undefined)
      return quickFirstValidator(quick, deferred.json.includes('"default"'), () =>
        this.plannedValidator(deferred, parseObject(deferred.json)),
      );
    return this.plannedValidator(deferred, parsed);
  }

  /** The validator of a deferred schema from its full plan (`parsed`: its text parsed), or from the table's copy. */
  private plannedValidator(deferred: DeferredSchema, parsed: JsonSchema | undefined): Validator {
    const { json, table, index, where, precompiled } = deferred;
    const plan = parsed === undefined || dialectOf(parsed) === undefined ? undefined : planSchema(parsed);
    if (plan === undefined) return this.compileText(table.get(index), json, where, precompiled, table.get(index)).validate;
    return planValidator(plan, json.includes('"default"'));
  }

  private compileEntry(table: SchemaTable, index: number, where: string, precompiled: PrecompiledValidators | undefined): CompiledSchema {
    // The stored text first: once parsed, an entry is no longer text.
    const text = table.isText(index) ? table.text(index) : undefined;
    const schema = table.get(index);
    return this.compileText(schema, text ?? schemaText(schema, where), where, precompiled, schema);
  }

  /** `frozen`: the schema when it is already a frozen copy nobody can change. */
  private compileText(
    schema: JsonSchema,
    text: string,
    where: string,
    precompiled: PrecompiledValidators | undefined,
    frozen: JsonSchema | undefined,
  ): CompiledSchema {
    const known = this.byText.get(text);
    if (known !== undefined) return known;
    const dialect = dialectOf(schema);
    if (dialect === undefined) {
      throw new ArmatureError(
        LocalErrorCode.INVALID_SCHEMA,
        `${where}: unsupported $schema ${JSON.stringify(schema.$schema)}; use JSON Schema 2020-12 (or 2019-09, draft-07).`,
      );
    }
    // Validation may add defaults: then the caller's object is copied first.
    const copy = text.includes('"default"');
    const plan = planSchema(schema);
    const validator = plan !== undefined ? planValidator(plan, copy) : this.ajvValidator(schema, text, dialect, where, precompiled, copy);
    // The text was taken from the frozen copy itself only when the caller passed it.
    const compiled: CompiledSchema = frozen
      ? { validate: validator, schema: frozen, json: text }
      : { validate: validator, schema: frozenCopy(schema) };
    this.byText.set(text, compiled);
    return compiled;
  }

  /**
   * A schema outside the shared checker's subset. A precompiled validator is made on the
   * tool's first call (its factory run then); one compiled here is compiled now, so a schema
   * that does not compile stops the boot.
   */
  private ajvValidator(
    schema: JsonSchema,
    text: string,
    dialect: Dialect,
    where: string,
    precompiled: PrecompiledValidators | undefined,
    copy: boolean,
  ): Validator {
    const make = precompiled?.lazy(text);
    let validate: ValidateFunction | undefined = make === undefined ? this.compileWithAjv(schema, dialect, where) : undefined;
    const current = (): ValidateFunction => (validate ??= make?.() ?? this.compileWithAjv(schema, dialect, where));
    return (value) => {
      const check = validate ?? current();
      const data = copy ? structuredClone(value) : value;
      return check(data) ? { valid: true, value: data } : { valid: false, issues: ajvIssues(check.errors ?? []) };
    };
  }

  private compileWithAjv(schema: JsonSchema, dialect: Dialect, where: string): ValidateFunction {
    try {
      return this.instance(dialect).compile(schemaForAjv(schema) as AnySchemaObject);
    } catch (error) {
      throw new ArmatureError(LocalErrorCode.INVALID_SCHEMA, `${where}: the schema does not compile: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  private instance(dialect: Dialect): AjvInstance {
    let ajv = this.instances.get(dialect);
    if (!ajv) {
      ajv = createAjv(dialect);
      this.instances.set(dialect, ajv);
    }
    return ajv;
  }
}

/** The schema's JSON text: the key validators are shared and precompiled by. */
function schemaText(schema: JsonSchema, where: string): string {
  try {
    return JSON.stringify(schema);
  } catch (error) {
    throw new ArmatureError(LocalErrorCode.INVALID_SCHEMA, `${where}: the schema is not JSON (${(error as Error).message}).`, {
      cause: error,
    });
  }
}
