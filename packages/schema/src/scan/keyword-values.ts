import type { JsonSchema, JsonValue } from '../manifest/manifest.types';

/** A parsed keyword value, or why it cannot be one. */
export type KeywordValue = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly reason: string };

/** Formats understood by ajv-formats; anything else would fail when the kernel compiles the schema. */
export const KNOWN_FORMATS: ReadonlySet<string> = new Set([
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'password',
  'binary',
]);

const NUMBER_KEYWORDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);
const COUNT_KEYWORDS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems']);

/** The JSON type a keyword constrains, used to catch tags put on parameters they cannot apply to. */
export const KEYWORD_TARGET_TYPE: Readonly<Record<string, 'number' | 'string' | 'array'>> = {
  minimum: 'number',
  maximum: 'number',
  exclusiveMinimum: 'number',
  exclusiveMaximum: 'number',
  multipleOf: 'number',
  minLength: 'string',
  maxLength: 'string',
  pattern: 'string',
  format: 'string',
  minItems: 'array',
  maxItems: 'array',
  uniqueItems: 'array',
  integer: 'number',
};

/** Parses the text of a keyword tag into the keyword's JSON value. */
export function parseKeywordValue(keyword: string, raw: string): KeywordValue {
  if (NUMBER_KEYWORDS.has(keyword)) {
    const value = Number(raw);
    if (raw === '' || !Number.isFinite(value)) return fail(`expects a number, got "${raw}"`);
    if (keyword === 'multipleOf' && value <= 0) return fail(`expects a number above 0, got ${raw}`);
    return { ok: true, value };
  }
  if (COUNT_KEYWORDS.has(keyword)) {
    const value = Number(raw);
    if (raw === '' || !Number.isInteger(value) || value < 0) return fail(`expects a whole number of 0 or more, got "${raw}"`);
    return { ok: true, value };
  }
  switch (keyword) {
    case 'pattern':
      return parsePattern(raw);
    case 'format':
      if (!KNOWN_FORMATS.has(raw)) return fail(`"${raw}" is not a known format (one of: ${[...KNOWN_FORMATS].join(', ')})`);
      return { ok: true, value: raw };
    case 'integer':
      if (raw !== '') return fail(`takes no value, got "${raw}"`);
      return { ok: true, value: true };
    case 'uniqueItems':
      if (raw === '' || raw === 'true') return { ok: true, value: true };
      if (raw === 'false') return { ok: true, value: false };
      return fail(`expects true or false, got "${raw}"`);
    case 'default':
      if (raw === '') return fail('expects a value');
      return { ok: true, value: parseJsonOrText(raw) };
    case 'examples': {
      if (raw === '') return fail('expects a value');
      const value = parseJsonOrText(raw);
      return { ok: true, value: Array.isArray(value) ? value : [value] };
    }
    default:
      return fail('is not a supported keyword');
  }
}

function parsePattern(raw: string): KeywordValue {
  if (raw === '') return fail('expects a regular expression');
  try {
    new RegExp(raw, 'u');
    return { ok: true, value: raw };
  } catch (error) {
    return fail(`is not a valid regular expression (${(error as Error).message})`);
  }
}

/** JSON when the text parses as JSON, the text itself otherwise (so `@default hello` is the string "hello"). */
export function parseJsonOrText(raw: string): JsonValue {
  try {
    return JSON.parse(raw) as JsonValue;
  } catch {
    return raw;
  }
}

/** True when a schema with this `type` (if any) can hold values of the keyword's target type. */
export function keywordFits(keyword: string, schema: JsonSchema): boolean {
  const target = KEYWORD_TARGET_TYPE[keyword];
  if (target === undefined || schema.type === undefined) return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (target === 'number') return types.includes('number') || types.includes('integer');
  return types.includes(target);
}

function fail(reason: string): KeywordValue {
  return { ok: false, reason };
}
