import type { JsonSchema, JsonValue } from '@armature/schema';

/**
 * How one aspect of a schema changed from old to new: `tighter` (the new schema accepts less),
 * `looser` (it accepts more) or `changed` (neither can be proven: values may be lost and gained).
 */
export type Direction = 'tighter' | 'looser' | 'changed';

/** One aspect of a schema that changed, at a path such as `limit` or `changes.title`. */
export interface SchemaDelta {
  readonly path: string;
  readonly direction: Direction;
  /** A short label: `type`, `enum`, `required`, `property`, `minimum`… */
  readonly aspect: string;
  /** What changed, old → new, in words. */
  readonly detail: string;
}

/** Keywords that say nothing about which values are valid. */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'markdownDescription',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
]);

/** Keywords compared one by one below; any other keyword must be equal on both sides, or the change is `changed`. */
const HANDLED: ReadonlySet<string> = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'uniqueItems',
  'pattern',
  'format',
  'items',
  'anyOf',
]);

type Schema = JsonSchema | boolean;

/**
 * Every aspect in which `next` accepts other values than `previous`, walking both together.
 * A schema is the conjunction of its keywords, so when every aspect is `looser` (or equal) the
 * new schema accepts every value the old one did, and when every aspect is `tighter` it
 * accepts no value the old one did not. Whatever cannot be compared (a `$ref`, `not`,
 * `oneOf`, `if`…, unless equal) is `changed`: the verdict errs toward breaking, never the
 * other way.
 */
export function compareSchemas(previous: Schema | undefined, next: Schema | undefined, path = ''): SchemaDelta[] {
  const deltas: SchemaDelta[] = [];
  walk(previous ?? true, next ?? true, path, deltas);
  return deltas;
}

function walk(a: Schema, b: Schema, path: string, out: SchemaDelta[]): void {
  const push = (direction: Direction, aspect: string, detail: string): void => void out.push({ path, direction, aspect, detail });
  if (a === false || b === false) {
    if (a !== b) push(a === false ? 'looser' : 'tighter', 'allowed', a === false ? 'now allowed' : 'no longer allowed');
    return;
  }
  const x: JsonSchema = a === true ? {} : optionsAsEnum(a);
  const y: JsonSchema = b === true ? {} : optionsAsEnum(b);
  for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
    if (ANNOTATIONS.has(key) || HANDLED.has(key)) continue;
    if (!sameJson(x[key], y[key])) push('changed', key, `${key} changed (not compared)`);
  }
  compareTypes(x, y, push);
  compareEnums(x, y, push);
  compareBound(lowerOf(x), lowerOf(y), 'lower', 'minimum', push);
  compareBound(upperOf(x), upperOf(y), 'upper', 'maximum', push);
  for (const key of ['minLength', 'minItems', 'minProperties'] as const) compareCount(x[key], y[key], key, 'lower', push);
  for (const key of ['maxLength', 'maxItems', 'maxProperties'] as const) compareCount(x[key], y[key], key, 'upper', push);
  compareMultipleOf(x.multipleOf, y.multipleOf, push);
  if ((x.uniqueItems === true) !== (y.uniqueItems === true))
    push(
      y.uniqueItems === true ? 'tighter' : 'looser',
      'uniqueItems',
      y.uniqueItems === true ? 'items must now be unique' : 'items may now repeat',
    );
  for (const key of ['pattern', 'format'] as const) compareExact(x[key], y[key], key, push);
  if (Array.isArray(x.items) || Array.isArray(y.items)) {
    if (!sameJson(x.items, y.items)) push('changed', 'items', 'tuple items changed (not compared)');
  } else if (x.items !== undefined || y.items !== undefined) walk(asSchema(x.items), asSchema(y.items), join(path, '[]'), out);
  compareObjects(x, y, path, out);
  compareAnyOf(x, y, path, out, push);
}

/** Keywords a titled option may carry besides its `const`. */
const OPTION_KEYS: ReadonlySet<string> = new Set(['const', 'title', 'description']);

/**
 * Titled options (`oneOf`/`anyOf` of `{ const, title }`, what a titled enum becomes) accept
 * exactly the values of an `enum` of their consts, so they are compared as that enum: giving an
 * enum's options titles changes no verdict. A `oneOf` with a repeated const is left alone (that
 * value would match two branches, so it accepts less than the enum).
 */
function optionsAsEnum(schema: JsonSchema): JsonSchema {
  const list = schema.oneOf !== undefined ? 'oneOf' : 'anyOf';
  const branches = schema[list];
  if (!Array.isArray(branches) || branches.length === 0 || (schema.oneOf !== undefined && schema.anyOf !== undefined)) return schema;
  const values: JsonValue[] = [];
  for (const branch of branches) {
    if (typeof branch !== 'object' || branch === null || Array.isArray(branch) || !Object.hasOwn(branch, 'const')) return schema;
    if (!Object.keys(branch).every((k) => OPTION_KEYS.has(k))) return schema;
    const value = branch.const as JsonValue;
    if (values.some((v) => sameJson(v, value))) {
      if (list === 'oneOf') return schema;
      continue;
    }
    values.push(value);
  }
  const rest: JsonSchema = { ...schema };
  delete rest[list];
  const kept = Array.isArray(schema.enum) ? values.filter((v) => (schema.enum as JsonValue[]).some((e) => sameJson(e, v))) : values;
  return { ...rest, enum: kept };
}

type Push = (direction: Direction, aspect: string, detail: string) => void;

const TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];

function typeSet(schema: JsonSchema): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return TYPES;
}

/** Does type set `inner` fit in `outer` (an integer is a number)? */
function typesWithin(inner: readonly string[], outer: readonly string[]): boolean {
  return inner.every((t) => outer.includes(t) || (t === 'integer' && outer.includes('number')));
}

function compareTypes(x: JsonSchema, y: JsonSchema, push: Push): void {
  const before = typeSet(x);
  const after = typeSet(y);
  const narrower = typesWithin(after, before);
  const wider = typesWithin(before, after);
  if (narrower && wider) return;
  const detail = `type ${describeTypes(x)} → ${describeTypes(y)}`;
  push(narrower ? 'tighter' : wider ? 'looser' : 'changed', 'type', detail);
}

function describeTypes(schema: JsonSchema): string {
  return schema.type === undefined ? 'any' : typeSet(schema).join(' | ');
}

function enumOf(schema: JsonSchema): readonly JsonValue[] | undefined {
  const values = Array.isArray(schema.enum) ? schema.enum : undefined;
  if (schema.const === undefined) return values;
  // Both: the values of the enum equal to the const.
  return values ? values.filter((v) => sameJson(v, schema.const)) : [schema.const];
}

function compareEnums(x: JsonSchema, y: JsonSchema, push: Push): void {
  const before = enumOf(x);
  const after = enumOf(y);
  if (before === undefined && after === undefined) return;
  if (before === undefined) return push('tighter', 'enum', `now limited to ${list(after ?? [])}`);
  if (after === undefined) return push('looser', 'enum', `no longer limited to ${list(before)}`);
  const removed = before.filter((v) => !after.some((w) => sameJson(v, w)));
  const added = after.filter((v) => !before.some((w) => sameJson(v, w)));
  if (removed.length > 0 && added.length > 0) push('changed', 'enum', `values ${list(removed)} removed and ${list(added)} added`);
  else if (removed.length > 0) push('tighter', 'enum', `value${removed.length === 1 ? '' : 's'} ${list(removed)} removed`);
  else if (added.length > 0) push('looser', 'enum', `value${added.length === 1 ? '' : 's'} ${list(added)} added`);
}

function list(values: readonly JsonValue[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

/** A numeric bound: its value and whether it is exclusive; undefined when unbounded. */
interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

function lowerOf(schema: JsonSchema): Bound | undefined {
  return strongest(schema.minimum, schema.exclusiveMinimum, 1);
}

function upperOf(schema: JsonSchema): Bound | undefined {
  return strongest(schema.maximum, schema.exclusiveMaximum, -1);
}

/** The tighter of an inclusive and an exclusive bound (`sign` 1: lower bounds, -1: upper). */
function strongest(inclusive: JsonValue | undefined, exclusive: JsonValue | undefined, sign: number): Bound | undefined {
  const a = typeof inclusive === 'number' ? { value: inclusive, exclusive: false } : undefined;
  const b = typeof exclusive === 'number' ? { value: exclusive, exclusive: true } : undefined;
  if (!a || !b) return a ?? b;
  return sign * (b.value - a.value) >= 0 ? b : a;
}

/** 1 when bound `a` is tighter than `b`, -1 when looser, 0 when equal (`sign` 1: lower, -1: upper). */
function tighterBound(a: Bound | undefined, b: Bound | undefined, sign: number): number {
  if (!a && !b) return 0;
  if (!a) return -1;
  if (!b) return 1;
  if (a.value !== b.value) return sign * (a.value - b.value) > 0 ? 1 : -1;
  return a.exclusive === b.exclusive ? 0 : a.exclusive ? 1 : -1;
}

function showBound(bound: Bound | undefined, side: 'lower' | 'upper'): string {
  if (!bound) return 'none';
  return `${side === 'lower' ? (bound.exclusive ? '>' : '≥') : bound.exclusive ? '<' : '≤'} ${bound.value}`;
}

function compareBound(before: Bound | undefined, after: Bound | undefined, side: 'lower' | 'upper', aspect: string, push: Push): void {
  const order = tighterBound(after, before, side === 'lower' ? 1 : -1);
  if (order === 0) return;
  push(order > 0 ? 'tighter' : 'looser', aspect, `${side} bound ${showBound(before, side)} → ${showBound(after, side)}`);
}

function compareCount(before: JsonValue | undefined, after: JsonValue | undefined, key: string, side: 'lower' | 'upper', push: Push): void {
  const none = side === 'lower' ? 0 : Infinity;
  const a = typeof before === 'number' ? before : none;
  const b = typeof after === 'number' ? after : none;
  if (a === b) return;
  const tighter = side === 'lower' ? b > a : b < a;
  push(tighter ? 'tighter' : 'looser', key, `${key} ${a === none ? 'none' : a} → ${b === none ? 'none' : b}`);
}

/** True when `n` is a whole multiple of `d` (within floating-point noise). */
function isMultiple(n: number, d: number): boolean {
  const q = n / d;
  return Math.abs(q - Math.round(q)) < 1e-9;
}

function compareMultipleOf(before: JsonValue | undefined, after: JsonValue | undefined, push: Push): void {
  const a = typeof before === 'number' ? before : undefined;
  const b = typeof after === 'number' ? after : undefined;
  if (a === b) return;
  const detail = `multipleOf ${a ?? 'none'} → ${b ?? 'none'}`;
  if (a === undefined) return push('tighter', 'multipleOf', detail);
  if (b === undefined) return push('looser', 'multipleOf', detail);
  push(isMultiple(b, a) ? 'tighter' : isMultiple(a, b) ? 'looser' : 'changed', 'multipleOf', detail);
}

function compareExact(before: JsonValue | undefined, after: JsonValue | undefined, key: string, push: Push): void {
  if (sameJson(before, after)) return;
  const detail = `${key} ${before === undefined ? 'none' : JSON.stringify(before)} → ${after === undefined ? 'none' : JSON.stringify(after)}`;
  push(before === undefined ? 'tighter' : after === undefined ? 'looser' : 'changed', key, detail);
}

/**
 * Objects, property by property: a property's effective schema is its `properties` entry, else
 * `additionalProperties` (absent: anything), so adding a property to a closed object loosens it
 * and removing one from a closed object tightens it. `required` is compared name by name.
 */
function compareObjects(x: JsonSchema, y: JsonSchema, path: string, out: SchemaDelta[]): void {
  const before = objectOf(x.properties);
  const after = objectOf(y.properties);
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const name of names) {
    const inBefore = Object.hasOwn(before, name);
    const inAfter = Object.hasOwn(after, name);
    const a = inBefore ? asSchema(before[name]) : asSchema(x.additionalProperties);
    const b = inAfter ? asSchema(after[name]) : asSchema(y.additionalProperties);
    const at = join(path, name);
    if (inBefore !== inAfter) {
      // Added or removed: say so, with the direction the effective schemas give.
      const deltas = compareSchemas(a, b, at);
      if (deltas.length === 0) continue;
      const directions = new Set(deltas.map((d) => d.direction));
      const direction: Direction = directions.size === 1 ? (deltas[0] as SchemaDelta).direction : 'changed';
      out.push({
        path: at,
        direction,
        aspect: inAfter ? 'property-added' : 'property-removed',
        detail: inAfter ? 'property added' : 'property removed',
      });
      continue;
    }
    walk(a, b, at, out);
  }
  const extraBefore = asSchema(x.additionalProperties);
  const extraAfter = asSchema(y.additionalProperties);
  if (!sameJson(extraBefore, extraAfter)) {
    const deltas = compareSchemas(extraBefore, extraAfter, join(path, '*'));
    if (deltas.length > 0) {
      const directions = new Set(deltas.map((d) => d.direction));
      const direction: Direction = directions.size === 1 ? (deltas[0] as SchemaDelta).direction : 'changed';
      const detail =
        extraAfter === false
          ? 'other properties now refused'
          : extraBefore === false
            ? 'other properties now accepted'
            : 'other properties changed';
      out.push({ path: join(path, '*'), direction, aspect: 'additionalProperties', detail });
    }
  }
  const requiredBefore = new Set(stringsOf(x.required));
  const requiredAfter = new Set(stringsOf(y.required));
  for (const name of [...requiredAfter].filter((n) => !requiredBefore.has(n)).sort())
    out.push({ path: join(path, name), direction: 'tighter', aspect: 'required', detail: 'now required' });
  for (const name of [...requiredBefore].filter((n) => !requiredAfter.has(n)).sort())
    out.push({ path: join(path, name), direction: 'looser', aspect: 'required', detail: 'now optional' });
}

/** `anyOf` lists of the same length are compared branch by branch; any other change cannot be proven either way. */
function compareAnyOf(x: JsonSchema, y: JsonSchema, path: string, out: SchemaDelta[], push: Push): void {
  if (x.anyOf === undefined && y.anyOf === undefined) return;
  if (sameJson(x.anyOf, y.anyOf)) return;
  if (Array.isArray(x.anyOf) && Array.isArray(y.anyOf) && x.anyOf.length === y.anyOf.length) {
    x.anyOf.forEach((branch, i) => walk(asSchema(branch), asSchema((y.anyOf as JsonValue[])[i]), join(path, `anyOf[${i}]`), out));
    return;
  }
  push('changed', 'anyOf', 'union changed (not compared)');
}

function asSchema(value: JsonValue | undefined): Schema {
  if (value === undefined || value === true) return true;
  if (value === false) return false;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : true;
}

function objectOf(value: JsonValue | undefined): Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}

function stringsOf(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function join(path: string, name: string): string {
  return path === '' ? name : name.startsWith('[') ? `${path}${name}` : `${path}.${name}`;
}

/** Structural equality of JSON values (key order ignored). */
export function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const ob = b as Record<string, JsonValue>;
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(ob, k) && sameJson((a as Record<string, JsonValue>)[k], ob[k]));
}

/** Is a change in this direction breaking on this side (inputs must accept all they did; outputs return nothing new)? */
export function isBreaking(side: 'input' | 'output', direction: Direction): boolean {
  return direction === 'changed' || (side === 'input' ? direction === 'tighter' : direction === 'looser');
}
