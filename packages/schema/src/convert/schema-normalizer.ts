import type { DefinitionOrBoolean } from 'typescript-json-schema';
import type { JsonSchema, JsonValue } from '../manifest/manifest.types';
import { setOwn } from './own-keys';

/** A converted type: its schema, plus the `$defs` its recursive `$ref`s point into. */
export interface NormalizedSchema {
  readonly schema: JsonSchema;
  readonly defs: Readonly<Record<string, JsonSchema>>;
}

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SUBSCHEMAS = ['additionalProperties', 'items', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const DROPPED = new Set(['$schema', 'typeof', 'propertyOrder', 'defaultProperties', 'definitions']);

/**
 * Turns typescript-json-schema output (draft-07 style) into JSON Schema 2020-12:
 * tuple `items: [...]` becomes `prefixItems` (with `items` for the rest element or `false`),
 * `#/definitions/X` references become `#/$defs/<safe name>`, `examples` is always an array,
 * and generator-only keywords are dropped. `preferredKeys` maps a definition name to the key
 * its `@defName` tag asks for; other definitions are keyed by their name made safe.
 */
export function normalizeSchema(
  root: DefinitionOrBoolean,
  definitions: Readonly<Record<string, DefinitionOrBoolean>>,
  preferredKeys: ReadonlyMap<string, string> = new Map(),
): NormalizedSchema {
  const names = safeNames(Object.keys(definitions), preferredKeys);
  const rename = (ref: string): string => {
    const name = decodeURIComponent(ref.replace(/^#\/definitions\//, ''));
    return `#/$defs/${names.get(name) ?? name}`;
  };
  const defs: Record<string, JsonSchema> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    setOwn(defs, names.get(name) ?? name, toObject(normalizeNode(definition, rename)));
  }
  return { schema: toObject(normalizeNode(root, rename)), defs };
}

function normalizeNode(node: unknown, rename: (ref: string) => string): JsonValue {
  if (typeof node === 'boolean') return node;
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return {};
  const source = node as Record<string, unknown>;
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(source)) {
    if (DROPPED.has(key) || value === undefined) continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = value.startsWith('#/definitions/') ? rename(value) : value;
    else if (SUBSCHEMA_MAPS.includes(key)) out[key] = mapValues(value, (v) => normalizeNode(v, rename));
    else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) out[key] = value.map((v) => normalizeNode(v, rename));
    else if (key === 'items' && Array.isArray(value)) out.prefixItems = value.map((v) => normalizeNode(v, rename));
    else if (SUBSCHEMAS.includes(key)) out[key] = normalizeNode(value, rename);
    else if (key === 'additionalItems') continue;
    else if (key === 'examples') out.examples = toJson(Array.isArray(value) ? value : [value]);
    else if (key === 'required' && Array.isArray(value) && value.length === 0) continue;
    else setOwn(out, key, toJson(value));
  }
  if (Array.isArray(source.items)) {
    out.items = source.additionalItems === undefined ? false : normalizeNode(source.additionalItems, rename);
  }
  if (out.type === 'undefined') delete out.type;
  return out;
}

function mapValues(value: unknown, map: (v: unknown) => JsonValue): JsonValue {
  const out: Record<string, JsonValue> = {};
  if (typeof value !== 'object' || value === null) return out;
  // Property names are data: `__proto__` is defined as an own key, not assigned.
  for (const [key, inner] of Object.entries(value)) setOwn(out, key, map(inner));
  return out;
}

/** Plain JSON: drops undefined, functions and other values JSON cannot hold. */
function toJson(value: unknown): JsonValue {
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as JsonValue);
}

function toObject(value: JsonValue): JsonSchema {
  if (value === true) return {};
  if (value === false) return { not: {} };
  return value as JsonSchema;
}

/** Definition names made of `A-Za-z0-9_` only, unique within one conversion. */
function safeNames(names: readonly string[], preferredKeys: ReadonlyMap<string, string>): Map<string, string> {
  const result = new Map<string, string>();
  const used = new Set<string>();
  for (const name of names) {
    const base = preferredKeys.get(name) ?? (name.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'Type');
    let candidate = base;
    for (let i = 2; used.has(candidate); i++) candidate = `${base}_${i}`;
    used.add(candidate);
    result.set(name, candidate);
  }
  return result;
}
