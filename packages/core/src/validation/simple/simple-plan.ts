import type { JsonSchema } from '../../metadata/handler-metadata.types';

/** Bits of the JSON types a `type` keyword allows. */
export const enum TypeBit {
  String = 1,
  Number = 2,
  Integer = 4,
  Boolean = 8,
  Null = 16,
  Object = 32,
  Array = 64,
}

const TYPE_BITS: Readonly<Record<string, TypeBit>> = {
  string: TypeBit.String,
  number: TypeBit.Number,
  integer: TypeBit.Integer,
  boolean: TypeBit.Boolean,
  null: TypeBit.Null,
  object: TypeBit.Object,
  array: TypeBit.Array,
};

/**
 * One schema node of the subset {@link planSchema} accepts, laid out for the checker. Field
 * order follows ajv's evaluation order (its rule groups: untyped, number, string, array,
 * object), so the checker reports the same errors in the same order.
 */
export interface SchemaPlan {
  /** The node itself: ajv errors carry it (`parentSchema`) and its `type` (`params.type`). */
  readonly node: JsonSchema;
  /** Allowed types (0: no `type` keyword). */
  readonly types: number;
  /** ajv reports a wrong type before every other keyword (else: in its group's else branch). */
  readonly typeFirst: boolean;
  readonly constValue?: { readonly value: unknown };
  readonly enumValues?: readonly unknown[];
  readonly numberLimits?: readonly (readonly [keyword: string, limit: number])[];
  readonly stringLimits?: readonly (readonly [keyword: string, limit: number])[];
  readonly pattern?: { readonly source: string; readonly regexp: RegExp };
  readonly itemLimits?: readonly (readonly [keyword: string, limit: number])[];
  readonly items?: SchemaPlan;
  /** Any object keyword present (ajv's object group runs). */
  readonly objectGroup: boolean;
  readonly defaults?: readonly (readonly [name: string, value: unknown])[];
  readonly required?: readonly string[];
  /** `additionalProperties: false`: the declared names. */
  readonly closedOver?: ReadonlySet<string>;
  /** [name, plan, has a default] in `properties` order. */
  readonly properties?: readonly (readonly [name: string, plan: SchemaPlan, defaulted: boolean])[];
}

/** Keywords that change nothing a validator checks. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'default']);
const HANDLED = new Set([
  'type', 'const', 'enum', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'items', 'required', 'additionalProperties', 'properties',
]);
const NUMBER_KEYWORDS = ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum'] as const;
const STRING_KEYWORDS = ['maxLength', 'minLength'] as const;
const ITEM_KEYWORDS = ['maxItems', 'minItems'] as const;
const GROUP_BIT: Readonly<Record<string, number>> = { number: TypeBit.Number, string: TypeBit.String, array: TypeBit.Array, object: TypeBit.Object };

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPrimitive = (v: unknown): boolean => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/**
 * The plan of `schema` when every keyword in it is one the shared checker handles exactly as
 * ajv does with core's options (types, const/enum of primitives, number/string/array limits,
 * `pattern`, `items` as one schema, `properties`, `required`, `additionalProperties: false`,
 * defaults, annotations); undefined otherwise, and the schema goes to ajv.
 */
export function planSchema(schema: JsonSchema): SchemaPlan | undefined {
  if (typeof schema.$schema === 'string' && !schema.$schema.includes('2020-12')) return undefined;
  const { $schema: _, ...rest } = schema;
  return planNode(rest, schema);
}

function planNode(node: JsonSchema, reported: JsonSchema): SchemaPlan | undefined {
  for (const key of Object.keys(node)) if (!HANDLED.has(key) && !ANNOTATIONS.has(key) && !key.startsWith('x-')) return undefined;
  const types = typeBits(node.type);
  if (types === undefined) return undefined;
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
    if (!isObject(node.items) || (items = planNode(node.items, node.items)) === undefined) return undefined;
  }
  const object = planObject(node);
  if (object === undefined) return undefined;
  const groups = { number: numberLimits !== undefined, string: stringLimits !== undefined || pattern !== undefined, array: itemLimits !== undefined || items !== undefined, object: object.objectGroup };
  const typeNames = Object.keys(TYPE_BITS).filter((name) => ((TYPE_BITS[name] as number) & types) !== 0);
  const only = typeNames.length === 1 ? (typeNames[0] as string) : undefined;
  const typeFirst = types !== 0 && !(only !== undefined && GROUP_BIT[only] !== undefined && groups[only as keyof typeof groups]);
  return {
    node: reported, types, typeFirst,
    ...('const' in node ? { constValue: { value: node.const } } : {}),
    ...(node.enum !== undefined ? { enumValues: node.enum as unknown[] } : {}),
    ...(numberLimits ? { numberLimits } : {}),
    ...(stringLimits ? { stringLimits } : {}),
    ...(pattern ? { pattern } : {}),
    ...(itemLimits ? { itemLimits } : {}),
    ...(items ? { items } : {}),
    ...object,
  };
}

type ObjectPart = Pick<SchemaPlan, 'objectGroup' | 'defaults' | 'required' | 'closedOver' | 'properties'>;

function planObject(node: JsonSchema): ObjectPart | undefined {
  const { properties, required, additionalProperties } = node;
  if (additionalProperties !== undefined && additionalProperties !== false && additionalProperties !== true) return undefined;
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === 'string'))) return undefined;
  if (properties !== undefined && !isObject(properties)) return undefined;
  const planned: [string, SchemaPlan, boolean][] = [];
  const defaults: [string, unknown][] = [];
  for (const [name, inner] of Object.entries(properties ?? {})) {
    // ajv sees `__proto__` differently (core rewrites it for ajv): leave such schemas to ajv.
    if (name === '__proto__' || !isObject(inner)) return undefined;
    const plan = planNode(inner, inner);
    if (plan === undefined) return undefined;
    const defaulted = inner.default !== undefined;
    if (defaulted) defaults.push([name, inner.default]);
    planned.push([name, plan, defaulted]);
  }
  const part: ObjectPart = {
    objectGroup: properties !== undefined || required !== undefined || additionalProperties === false,
    ...(defaults.length > 0 ? { defaults } : {}),
    ...(required !== undefined && (required as string[]).length > 0 ? { required: required as string[] } : {}),
    ...(additionalProperties === false ? { closedOver: new Set(planned.map(([name]) => name)) } : {}),
    ...(planned.length > 0 ? { properties: planned } : {}),
  };
  return part;
}

function typeBits(type: unknown): number | undefined {
  if (type === undefined) return 0;
  const list = Array.isArray(type) ? type : [type];
  let bits = 0;
  for (const name of list) {
    const bit = typeof name === 'string' ? TYPE_BITS[name] : undefined;
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
