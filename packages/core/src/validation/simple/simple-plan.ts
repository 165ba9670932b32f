import type { JsonSchema } from '../../metadata/handler-metadata.types';
import { segmentOf, typeOnlyPlan } from './simple-plan-cache';
import { type PropertyPlan, type SchemaPlan, TypeBit } from './simple-plan.types';

const TYPE_BITS: ReadonlyMap<unknown, TypeBit> = new Map([
  ['string', TypeBit.String],
  ['number', TypeBit.Number],
  ['integer', TypeBit.Integer],
  ['boolean', TypeBit.Boolean],
  ['null', TypeBit.Null],
  ['object', TypeBit.Object],
  ['array', TypeBit.Array],
]);

/** Keywords that change nothing a validator checks. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'default']);
const HANDLED = new Set([
  'type',
  'const',
  'enum',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'items',
  'required',
  'additionalProperties',
  'properties',
]);
const NUMBER_KEYWORDS = ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum'] as const;
const STRING_KEYWORDS = ['maxLength', 'minLength'] as const;
const ITEM_KEYWORDS = ['maxItems', 'minItems'] as const;

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPrimitive = (v: unknown): boolean =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/**
 * The plan of `schema` when every keyword in it is one the shared checker handles exactly as
 * ajv does with core's options (types, const/enum of primitives, number/string/array limits,
 * `pattern`, `items` as one schema, `properties`, `required`, `additionalProperties: false`,
 * defaults, annotations); undefined otherwise, and the schema goes to ajv.
 */
export function planSchema(schema: JsonSchema): SchemaPlan | undefined {
  if (typeof schema.$schema === 'string' && !schema.$schema.includes('2020-12')) return undefined;
  return planNode(schema, true);
}

/** `root`: the only node where `$schema` may stand. */
function planNode(node: JsonSchema, root: boolean): SchemaPlan | undefined {
  let typeAndAnnotations = true;
  for (const key of Object.keys(node)) {
    if (key === 'type') continue;
    if (ANNOTATIONS.has(key) || key.startsWith('x-') || (root && key === '$schema')) continue;
    if (!HANDLED.has(key)) return undefined;
    typeAndAnnotations = false;
  }
  const types = typeBits(node.type);
  if (types === undefined) return undefined;
  // Most nodes of a generated schema are leaves like this: no limits or members to look for.
  if (typeAndAnnotations && types !== 0) return typeOnlyPlan(node.type as string | string[], types);
  const numberLimits = limits(node, NUMBER_KEYWORDS, false);
  const stringLimits = limits(node, STRING_KEYWORDS, true);
  const itemLimits = limits(node, ITEM_KEYWORDS, true);
  if (numberLimits === null || stringLimits === null || itemLimits === null) return undefined;
  let pattern: SchemaPlan['pattern'];
  if (node.pattern !== undefined) {
    if (typeof node.pattern !== 'string') return undefined;
    try {
      pattern = { source: node.pattern, regexp: new RegExp(node.pattern, 'u') };
    } catch {
      return undefined;
    }
  }
  if ('const' in node && !isPrimitive(node.const)) return undefined;
  if (node.enum !== undefined && !(Array.isArray(node.enum) && node.enum.length > 0 && node.enum.every(isPrimitive))) return undefined;
  let items: SchemaPlan | undefined;
  if (node.items !== undefined) {
    if (!isObject(node.items) || (items = planNode(node.items, false)) === undefined) return undefined;
  }
  const object = planObject(node);
  if (object === undefined) return undefined;
  const only =
    typeof node.type === 'string' ? node.type : Array.isArray(node.type) && node.type.length === 1 ? (node.type[0] as string) : undefined;
  const groupUsed =
    only === 'number'
      ? numberLimits !== undefined
      : only === 'string'
        ? stringLimits !== undefined || pattern !== undefined
        : only === 'array'
          ? itemLimits !== undefined || items !== undefined
          : only === 'object' && object.objectGroup;
  const scalar =
    'const' in node ||
    node.enum !== undefined ||
    numberLimits !== undefined ||
    stringLimits !== undefined ||
    pattern !== undefined ||
    itemLimits !== undefined ||
    items !== undefined;
  if (types !== 0 && !scalar && !object.objectGroup) return typeOnlyPlan(node.type as string | string[], types);
  // Every field present (undefined when absent): one object shape for the checker.
  return {
    node,
    types,
    typeFirst: types !== 0 && !groupUsed,
    typeOnly: types !== 0 && !scalar && !object.objectGroup,
    scalar,
    constValue: 'const' in node ? { value: node.const } : undefined,
    enumValues: node.enum as unknown[] | undefined,
    numberLimits,
    stringLimits,
    pattern,
    itemLimits,
    items,
    ...object,
  };
}

type ObjectPart = Pick<SchemaPlan, 'objectGroup' | 'defaults' | 'required' | 'closedOver' | 'closedNames' | 'properties' | 'quick'>;

function planObject(node: JsonSchema): ObjectPart | undefined {
  const { properties, required, additionalProperties } = node;
  if (additionalProperties !== undefined && additionalProperties !== false && additionalProperties !== true) return undefined;
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === 'string'))) return undefined;
  if (properties !== undefined && !isObject(properties)) return undefined;
  const planned: PropertyPlan[] = [];
  const defaults: [string, unknown][] = [];
  for (const [name, inner] of Object.entries(properties ?? {})) {
    // ajv sees `__proto__` differently (core rewrites it for ajv): leave such schemas to ajv.
    if (name === '__proto__' || !isObject(inner)) return undefined;
    const plan = planNode(inner, false);
    if (plan === undefined) return undefined;
    const defaulted = inner.default !== undefined;
    if (defaulted) defaults.push([name, inner.default]);
    planned.push({ name, plan, defaulted, segment: segmentOf(name) });
  }
  const requiredNames = (required as string[] | undefined) ?? [];
  const names = planned.map((p) => p.name);
  const quick =
    defaults.length === 0 && planned.every((p) => p.plan.typeOnly) && requiredNames.every((name) => names.includes(name))
      ? {
          names,
          types: planned.map((p) => p.plan.types),
          required: planned.map((p) => requiredNames.includes(p.name)),
          requiredCount: new Set(requiredNames).size,
          closed: additionalProperties === false,
        }
      : undefined;
  return {
    quick,
    objectGroup: properties !== undefined || required !== undefined || additionalProperties === false,
    defaults: defaults.length > 0 ? defaults : undefined,
    required: required !== undefined && (required as string[]).length > 0 ? (required as string[]) : undefined,
    closedOver: additionalProperties === false && names.length > 8 ? new Set(names) : undefined,
    closedNames: additionalProperties === false && names.length <= 8 ? names : undefined,
    properties: planned.length > 0 ? planned : undefined,
  };
}

function typeBits(type: unknown): number | undefined {
  if (type === undefined) return 0;
  if (typeof type === 'string') return TYPE_BITS.get(type);
  const list = Array.isArray(type) ? type : [type];
  let bits = 0;
  for (const name of list) {
    const bit = TYPE_BITS.get(name);
    if (bit === undefined || (bits & bit) !== 0) return undefined;
    bits |= bit;
  }
  return list.length === 0 ? undefined : bits;
}

/** The limits present, in ajv's order; undefined when none; null when one is not a usable number. */
function limits(node: JsonSchema, keywords: readonly string[], count: boolean): [string, number][] | undefined | null {
  const found: [string, number][] = [];
  for (const keyword of keywords) {
    const limit = node[keyword];
    if (limit === undefined) continue;
    if (typeof limit !== 'number' || !Number.isFinite(limit) || (count && (!Number.isInteger(limit) || limit < 0))) return null;
    found.push([keyword, limit]);
  }
  return found.length > 0 ? found : undefined;
}
