import type { JsonSchema } from '../../metadata/handler-metadata.types';
import { ANNOTATIONS, TYPE_BITS } from './simple-keywords';
import type { QuickMore, QuickObject } from './simple-plan.types';
import { itemCheck, MAX_QUICK_PROPERTIES } from './simple-quick-plan';
import { TypeBit } from './simple-plan.types';

/** The keywords a tool's root object may have here besides annotations. */
const ROOT_KEYWORDS: ReadonlySet<string> = new Set(['type', 'properties', 'required', 'additionalProperties', '$schema']);

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPrimitive = (v: unknown): boolean =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
const isAnnotation = (key: string): boolean => ANNOTATIONS.has(key) || key.startsWith('x-');

/**
 * The one-pass tables of the most common tool schema, read straight from the schema without
 * planning it: a 2020-12 object whose declared properties each have one `type` and nothing to
 * check beyond it but a typed `enum` or the type of their array's items, no defaults, every
 * required name declared. Undefined for anything else (the caller plans the schema in full).
 *
 * Whenever it is defined it equals `planSchema(schema).quick` (a spec checks it on random
 * schemas): a tool's first call with valid arguments needs nothing more, so the full plan (the
 * one that reports errors as ajv does) is made only when a value fails these tables. This
 * reads each node's keys once and makes no plan objects: it is what a never-called tool's first
 * call pays, while the shared code it runs is still cold.
 */
export function quickTablesOf(schema: JsonSchema): QuickObject | undefined {
  if (schema.type !== 'object') return undefined;
  const declared = schema.$schema;
  if (declared !== undefined && !(typeof declared === 'string' && declared.includes('2020-12'))) return undefined;
  for (const key in schema) if (!ROOT_KEYWORDS.has(key) && !isAnnotation(key)) return undefined;
  const { properties, required, additionalProperties } = schema;
  if (!isObject(properties) || (additionalProperties !== undefined && typeof additionalProperties !== 'boolean')) return undefined;
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === 'string'))) return undefined;
  const requiredNames = (required as string[] | undefined) ?? [];
  const names = Object.keys(properties);
  if (names.length > MAX_QUICK_PROPERTIES) return undefined;
  const types: number[] = [];
  let more: (QuickMore | undefined)[] | undefined;
  let requiredMask = 0;
  let requiredCount = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    const node = properties[name];
    if (name === '__proto__' || !isObject(node) || node.default !== undefined) return undefined;
    const type = TYPE_BITS.get(node.type);
    if (type === undefined) return undefined;
    let extra: QuickMore | undefined;
    for (const key in node) {
      if (key === 'type' || isAnnotation(key)) continue;
      if (extra !== undefined) return undefined;
      if (key === 'enum') extra = enumCheck(node.enum);
      else if (key === 'items' && type === TypeBit.Array) extra = itemsCheck(node.items);
      if (extra === undefined) return undefined;
    }
    if (extra !== undefined) (more ??= new Array<QuickMore | undefined>(names.length))[i] = extra;
    types.push(type);
    if (requiredNames.includes(name)) {
      requiredMask |= 1 << i;
      requiredCount++;
    }
  }
  for (let i = 0; i < requiredNames.length; i++) if (!names.includes(requiredNames[i] as string)) return undefined;
  return { names, types, requiredMask, requiredCount, closed: additionalProperties === false, more };
}

function enumCheck(values: unknown): QuickMore | undefined {
  return Array.isArray(values) && values.length > 0 && values.every(isPrimitive) ? { enumValues: values, itemTypes: 0 } : undefined;
}

/** `items` of one type and annotations only. */
function itemsCheck(items: unknown): QuickMore | undefined {
  if (!isObject(items)) return undefined;
  const type = TYPE_BITS.get(items.type);
  if (type === undefined) return undefined;
  for (const key in items) if (key !== 'type' && !isAnnotation(key)) return undefined;
  return itemCheck(type);
}
