import type AjvDraft7 from 'ajv';
import type { Options } from 'ajv';
import type Ajv2019 from 'ajv/dist/2019';
import type Ajv2020 from 'ajv/dist/2020';
import type { JsonSchema } from '../metadata/handler-metadata.types';
import { SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SUBSCHEMA_KEYWORDS } from './schema-keywords';

/** One ajv instance of any of the three dialects. */
export type AjvInstance = AjvDraft7 | Ajv2019 | Ajv2020;

/** The JSON Schema dialects validators are compiled for. */
export type Dialect = '2020' | '2019' | 'draft-07';

/** MCP: "2020-12 unless `$schema` says otherwise"; undefined for a dialect ajv cannot compile. */
export function dialectOf(schema: JsonSchema): Dialect | undefined {
  const declared = schema.$schema;
  if (declared === undefined || (typeof declared === 'string' && declared.includes('2020-12'))) return '2020';
  if (typeof declared !== 'string') return undefined;
  if (declared.includes('2019-09')) return '2019';
  if (/draft-0[67]/.test(declared)) return 'draft-07';
  return undefined;
}

/**
 * The options every validator is compiled with, at boot and by `armature build` alike (the
 * precompiled validators record them in their fingerprint, so a change here invalidates them).
 *
 * ownProperties: without it ajv sees inherited members (`toString`) as present arguments.
 * allowUnionTypes / strictTuples: generated schemas use `type: ["string", "null"]` and tuples
 * with optional or rest elements (`minItems` below the `prefixItems` length), which are exact
 * as written; stated here so they stay accepted if `strict` is ever turned on.
 */
export const AJV_OPTIONS = Object.freeze({
  allErrors: true,
  verbose: true,
  useDefaults: true,
  strict: false,
  allowUnionTypes: true,
  strictTuples: false,
  validateFormats: true,
  ownProperties: true,
} as const);

/**
 * A new ajv instance for `dialect`, formats added. ajv is required here rather than imported
 * at the top, so an app whose validators were all precompiled by `armature build` never loads
 * it (~100 modules, and the meta-schema compile of the first `compile`).
 */
export function createAjv(dialect: Dialect, extra: Options = {}): AjvInstance {
  const options: Options = { ...AJV_OPTIONS, ...extra };
  const ajv: AjvInstance =
    dialect === '2020'
      ? new (require('ajv/dist/2020') as typeof import('ajv/dist/2020')).default(options)
      : dialect === '2019'
        ? new (require('ajv/dist/2019') as typeof import('ajv/dist/2019')).default(options)
        : new (require('ajv') as typeof import('ajv')).default(options);
  (require('ajv-formats') as typeof import('ajv-formats')).default(ajv as AjvDraft7);
  return ajv;
}

/**
 * What a precompiled validator must have been generated with to be used: the ajv and
 * ajv-formats versions this copy of core loads, and the options above.
 */
export function ajvFingerprint(): string {
  const ajv = (require('ajv/package.json') as { version: string }).version;
  const formats = (require('ajv-formats/package.json') as { version: string }).version;
  return `ajv@${ajv} ajv-formats@${formats} ${JSON.stringify(AJV_OPTIONS)} proto-as-pattern`;
}

const PROTO = '__proto__';
/** The `patternProperties` key standing for the property named `__proto__`. */
export const PROTO_PATTERN = '^__proto__$';

/**
 * The schema as ajv must be given it. ajv skips a `properties` entry named `__proto__` (it
 * neither checks its value nor counts it as declared for `additionalProperties`), so such an
 * entry is handed to ajv as `patternProperties: { "^__proto__$": … }`, which means the same
 * thing; `required` already sees own keys only (`ownProperties`). Every other schema comes
 * back as the same object. The schema listed to clients is never changed.
 */
export function schemaForAjv<T>(schema: T): T {
  return rewriteProto(schema) as T;
}

function rewriteProto(node: unknown): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  const source = node as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  const put = (key: string, value: unknown): void => {
    out ??= { ...source };
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  };
  for (const [key, value] of Object.entries(source)) {
    let next = value;
    if (SCHEMA_MAP_KEYWORDS.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const entries = Object.entries(value).map(([name, inner]) => [name, rewriteProto(inner)] as const);
      if (entries.some(([name, inner]) => inner !== (value as Record<string, unknown>)[name] || name === PROTO))
        next = Object.fromEntries(entries);
    } else if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value)) {
      const items = value.map(rewriteProto);
      if (items.some((item, i) => item !== value[i])) next = items;
    } else if (SUBSCHEMA_KEYWORDS.has(key)) {
      next = rewriteProto(value);
    }
    if (next !== value) put(key, next);
  }
  const properties = (out ?? source).properties;
  if (typeof properties === 'object' && properties !== null && Object.prototype.hasOwnProperty.call(properties, PROTO)) {
    const { [PROTO]: protoSchema, ...rest } = properties as Record<string, unknown>;
    const patterns = { ...((out ?? source).patternProperties as Record<string, unknown> | undefined) };
    const existing = patterns[PROTO_PATTERN];
    patterns[PROTO_PATTERN] = existing === undefined ? protoSchema : { allOf: [existing, protoSchema] };
    put('properties', rest);
    put('patternProperties', patterns);
  }
  return out ?? source;
}
