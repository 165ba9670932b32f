import type AjvDraft7 from 'ajv';
import type { Options } from 'ajv';
import type Ajv2019 from 'ajv/dist/2019';
import type Ajv2020 from 'ajv/dist/2020';
import type { JsonSchema } from '../metadata/handler-metadata.types';

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
  return `ajv@${ajv} ajv-formats@${formats} ${JSON.stringify(AJV_OPTIONS)}`;
}
