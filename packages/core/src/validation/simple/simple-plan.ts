import type { JsonSchema } from '../../metadata/handler-metadata.types';
import { schemaPlan, segmentOf, TYPE_ONLY_OBJECT, typeOnlyPlan } from './simple-plan-cache';
import { ANNOTATIONS, Has, ITEM_KEYWORDS, KEYWORD_GROUPS, NUMBER_KEYWORDS, STRING_KEYWORDS, TYPE_BITS } from './simple-keywords';
import type { ObjectPart, PropertyPlan, SchemaPlan } from './simple-plan.types';
import { quickObject } from './simple-quick-plan';

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPrimitive = (v: unknown): boolean =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/**
 * The plan of `schema` when every keyword in it is one the shared checker handles exactly as
 * ajv does with core's options (types, const/enum of primitives, number/string/array limits,
 * `pattern`, `items` as one schema, `properties`, `required`, `additionalProperties: false`,
 * defaults, annotations); undefined otherwise, and the schema goes to ajv. The plan keeps no
 * reference to `schema` itself (only its `enum`, `required` and `default` values).
 */
export function planSchema(schema: JsonSchema): SchemaPlan | undefined {
  if (typeof schema.$schema === 'string' && !schema.$schema.includes('2020-12')) return undefined;
  return planNode(schema, true);
}

/** `root`: the only node where `$schema` may stand. */
function planNode(node: JsonSchema, root: boolean): SchemaPlan | undefined {
  let has = 0;
  for (const key of Object.keys(node)) {
    if (key === 'type') continue;
    const group = KEYWORD_GROUPS.get(key);
    if (group !== undefined) has |= group;
    else if (!(ANNOTATIONS.has(key) || key.startsWith('x-') || (root && key === '$schema'))) return undefined;
  }
  const types = typeBits(node.type);
  if (types === undefined) return undefined;
  // Most nodes of a generated schema are leaves like this: no limits or members to look for.
  if (has === 0 && types !== 0) return typeOnlyPlan(node.type as string | string[], types);
  const numberLimits = (has & Has.NumberLimit) === 0 ? undefined : limits(node, NUMBER_KEYWORDS, false);
  const stringLimits = (has & Has.StringLimit) === 0 ? undefined : limits(node, STRING_KEYWORDS, true);
  const itemLimits = (has & Has.ItemLimit) === 0 ? undefined : limits(node, ITEM_KEYWORDS, true);
  if (numberLimits === null || stringLimits === null || itemLimits === null) return undefined;
  let pattern: SchemaPlan['pattern'];
  if ((has & Has.Pattern) !== 0 && node.pattern !== undefined) {
    if (typeof node.pattern !== 'string') return undefined;
    try {
      pattern = { source: node.pattern, regexp: new RegExp(node.pattern, 'u') };
    } catch {
      return undefined;
    }
  }
  const hasConst = (has & Has.Const) !== 0;
  if (hasConst && !isPrimitive(node.const)) return undefined;
  const enumValues = (has & Has.Enum) === 0 ? undefined : node.enum;
  if (enumValues !== undefined && !(Array.isArray(enumValues) && enumValues.length > 0 && enumValues.every(isPrimitive))) return undefined;
  let items: SchemaPlan | undefined;
  if ((has & Has.Items) !== 0 && node.items !== undefined) {
    if (!isObject(node.items) || (items = planNode(node.items, false)) === undefined) return undefined;
  }
  const object = (has & Has.Object) === 0 ? NO_OBJECT : planObject(node);
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
    hasConst ||
    enumValues !== undefined ||
    numberLimits !== undefined ||
    stringLimits !== undefined ||
    pattern !== undefined ||
    itemLimits !== undefined ||
    items !== undefined;
  if (types !== 0 && !scalar && !object.objectGroup) return typeOnlyPlan(node.type as string | string[], types);
  return schemaPlan(
    {
      type: node.type,
      types,
      typeFirst: types !== 0 && !groupUsed,
      typeOnly: false,
      scalar,
      constValue: hasConst ? { value: node.const } : undefined,
      enumValues: enumValues as unknown[] | undefined,
      numberLimits,
      stringLimits,
      pattern,
      itemLimits,
      items,
    },
    object,
  );
}

/** A node without object keywords: any object passes the one-pass check (it has nothing to look at). */
const NO_OBJECT: ObjectPart = {
  ...TYPE_ONLY_OBJECT,
  quick: Object.freeze({ names: [], types: [], requiredMask: 0, requiredCount: 0, closed: false, more: undefined }),
};

function planObject(node: JsonSchema): ObjectPart | undefined {
  const { properties, required, additionalProperties } = node;
  if (additionalProperties !== undefined && additionalProperties !== false && additionalProperties !== true) return undefined;
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === 'string'))) return undefined;
  if (properties !== undefined && !isObject(properties)) return undefined;
  const names = properties === undefined ? [] : Object.keys(properties);
  const planned: PropertyPlan[] = [];
  let defaults: [string, unknown][] | undefined;
  for (const name of names) {
    const inner = (properties as JsonSchema)[name];
    // ajv sees `__proto__` differently (core rewrites it for ajv): leave such schemas to ajv.
    if (name === '__proto__' || !isObject(inner)) return undefined;
    const plan = planNode(inner, false);
    if (plan === undefined) return undefined;
    const defaulted = inner.default !== undefined;
    if (defaulted) (defaults ??= []).push([name, inner.default]);
    planned.push({ name, plan, defaulted, segment: segmentOf(name) });
  }
  const requiredNames = (required as string[] | undefined) ?? [];
  const closed = additionalProperties === false;
  return {
    quick: defaults === undefined ? quickObject(names, planned, requiredNames, closed) : undefined,
    objectGroup: properties !== undefined || required !== undefined || closed,
    defaults,
    required: requiredNames.length > 0 ? requiredNames : undefined,
    closedOver: closed && names.length > 8 ? new Set(names) : undefined,
    closedNames: closed && names.length <= 8 ? names : undefined,
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
