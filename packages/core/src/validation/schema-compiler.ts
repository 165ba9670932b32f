import Ajv, { type AnySchemaObject, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { JsonSchema } from '../metadata/handler-metadata.types';
import { ajvIssues } from './ajv-issues';
import type { Validator } from './validation-result';

type AjvInstance = Ajv | Ajv2019 | Ajv2020;
type Dialect = '2020' | '2019' | 'draft-07';

function dialectOf(schema: JsonSchema): Dialect | undefined {
  const declared = schema.$schema;
  if (declared === undefined || (typeof declared === 'string' && declared.includes('2020-12'))) return '2020';
  if (typeof declared !== 'string') return undefined;
  if (declared.includes('2019-09')) return '2019';
  if (/draft-0[67]/.test(declared)) return 'draft-07';
  return undefined;
}

/** Whether validation may add defaults, so the caller's object must be copied first. */
function hasDefaults(schema: unknown): boolean {
  return JSON.stringify(schema).includes('"default"');
}

/**
 * Compiles JSON Schemas with ajv once, at boot: JSON Schema 2020-12 unless `$schema` says
 * 2019-09 or draft-07 (MCP: "2020-12 unless $schema says otherwise"), formats on, every error
 * collected, defaults applied. One ajv instance per dialect per app.
 */
export class SchemaCompiler {
  private readonly instances = new Map<Dialect, AjvInstance>();

  /** A validator for `schema`; throws `ARM_ERR_INVALID_SCHEMA` naming `where` if it does not compile. */
  compile(schema: JsonSchema, where: string): Validator {
    const dialect = dialectOf(schema);
    if (dialect === undefined) {
      throw new ArmatureError(
        LocalErrorCode.INVALID_SCHEMA,
        `${where}: unsupported $schema ${JSON.stringify(schema.$schema)}; use JSON Schema 2020-12 (or 2019-09, draft-07).`,
      );
    }
    let validate: ValidateFunction;
    try {
      validate = this.instance(dialect).compile(schema as AnySchemaObject);
    } catch (error) {
      throw new ArmatureError(LocalErrorCode.INVALID_SCHEMA, `${where}: the schema does not compile: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const copy = hasDefaults(schema);
    return (value) => {
      const data = copy ? structuredClone(value) : value;
      return validate(data) ? { valid: true, value: data } : { valid: false, issues: ajvIssues(validate.errors ?? []) };
    };
  }

  private instance(dialect: Dialect): AjvInstance {
    let ajv = this.instances.get(dialect);
    if (!ajv) {
      // ownProperties: without it ajv sees inherited members (`toString`) as present arguments.
      // allowUnionTypes / strictTuples: generated schemas use `type: ["string", "null"]` and tuples
      // with optional or rest elements (`minItems` below the `prefixItems` length), which are exact
      // as written; stated here so they stay accepted if `strict` is ever turned on.
      const options = {
        allErrors: true,
        verbose: true,
        useDefaults: true,
        strict: false,
        allowUnionTypes: true,
        strictTuples: false,
        validateFormats: true,
        ownProperties: true,
      } as const;
      ajv = dialect === '2020' ? new Ajv2020(options) : dialect === '2019' ? new Ajv2019(options) : new Ajv(options);
      addFormats(ajv as Ajv);
      this.instances.set(dialect, ajv);
    }
    return ajv;
  }
}
