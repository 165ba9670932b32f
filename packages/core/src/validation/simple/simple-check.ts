import type { ErrorObject } from 'ajv';
import { fail, startErrors, takeErrors, typeError } from './simple-errors';
import { type SchemaPlan, TypeBit } from './simple-plan.types';
import { quickValid } from './simple-quick-check';
import { typeMatches } from './simple-type-match';
import { checkNumber, checkString } from './simple-scalar';

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Checks `data` against `plan` the way ajv's code for the same schema does with core's
 * options (allErrors, verbose, useDefaults, ownProperties): same verdict, same defaults
 * applied, same errors in the same order (the fields `ajvIssues` reads). One shared checker
 * for every tool: no code per schema to load or compile, so a tool's first call runs code
 * that is already warm. Returns null when valid.
 */
export function checkPlan(plan: SchemaPlan, data: unknown): ErrorObject[] | null {
  startErrors();
  check(plan, data, '', '');
  return takeErrors();
}

function check(plan: SchemaPlan, data: unknown, base: string, segment: string): void {
  if (plan.typeFirst && !typeMatches(plan.types, data)) typeError(plan, data, base, segment);
  if (plan.scalar) checkScalar(plan, data, base, segment);
  if (plan.objectGroup) {
    if (typeof data === 'object' && data !== null && !Array.isArray(data))
      checkObject(plan, data as Record<string, unknown>, base, segment);
    else if (!plan.typeFirst && plan.types === TypeBit.Object) typeError(plan, data, base, segment);
  }
}

/** ajv's untyped, number, string and array groups, in that order. */
function checkScalar(plan: SchemaPlan, data: unknown, base: string, segment: string): void {
  if (plan.constValue !== undefined && data !== plan.constValue.value) {
    fail(base, segment, 'const', { allowedValue: plan.constValue.value }, 'must be equal to constant', plan, data);
  }
  if (plan.enumValues !== undefined && !plan.enumValues.includes(data)) {
    fail(base, segment, 'enum', { allowedValues: plan.enumValues }, 'must be equal to one of the allowed values', plan, data);
  }
  if (plan.numberLimits !== undefined) {
    if (typeof data === 'number') checkNumber(plan, data, base, segment);
    else if (!plan.typeFirst && plan.types === TypeBit.Number) typeError(plan, data, base, segment);
  }
  if (plan.stringLimits !== undefined || plan.pattern !== undefined) {
    if (typeof data === 'string') checkString(plan, data, base, segment);
    else if (!plan.typeFirst && plan.types === TypeBit.String) typeError(plan, data, base, segment);
  }
  if (plan.itemLimits !== undefined || plan.items !== undefined) {
    if (Array.isArray(data)) checkArray(plan, data, base, segment);
    else if (!plan.typeFirst && plan.types === TypeBit.Array) typeError(plan, data, base, segment);
  }
}

function checkArray(plan: SchemaPlan, data: unknown[], base: string, segment: string): void {
  for (const [keyword, limit] of plan.itemLimits ?? []) {
    const over = keyword === 'maxItems';
    if (over ? data.length > limit : data.length < limit)
      fail(base, segment, keyword, { limit }, `must NOT have ${over ? 'more' : 'fewer'} than ${limit} items`, plan, data);
  }
  const items = plan.items;
  if (items === undefined || data.length === 0) return;
  const path = base + segment;
  for (let i = 0; i < data.length; i++) check(items, data[i], path, `/${i}`);
}

function checkObject(plan: SchemaPlan, data: Record<string, unknown>, base: string, segment: string): void {
  if (plan.quick !== undefined && quickValid(plan.quick, data)) return;
  // ajv assigns defaults first (a fresh copy each time: its code holds them as literals).
  const defaults = plan.defaults;
  if (defaults !== undefined) {
    for (let i = 0; i < defaults.length; i++) {
      const [name, value] = defaults[i] as (typeof defaults)[number];
      if (data[name] === undefined) data[name] = structuredClone(value);
    }
  }
  const required = plan.required;
  if (required !== undefined) {
    for (let i = 0; i < required.length; i++) {
      const name = required[i] as string;
      if (data[name] === undefined || !hasOwn.call(data, name))
        fail(base, segment, 'required', { missingProperty: name }, `must have required property '${name}'`, plan, data);
    }
  }
  const closed = plan.closedOver;
  const few = plan.closedNames;
  if (closed !== undefined || few !== undefined) {
    for (const key in data) {
      if (!hasOwn.call(data, key) || (few !== undefined ? few.includes(key) : (closed as ReadonlySet<string>).has(key))) continue;
      fail(base, segment, 'additionalProperties', { additionalProperty: key }, 'must NOT have additional properties', plan, data);
    }
  }
  const properties = plan.properties;
  if (properties === undefined) return;
  let path: string | undefined;
  for (let i = 0; i < properties.length; i++) {
    const property = properties[i] as (typeof properties)[number];
    const value = data[property.name];
    if (!property.defaulted && (value === undefined || !hasOwn.call(data, property.name))) continue;
    const inner = property.plan;
    if (inner.typeOnly) {
      if (!typeMatches(inner.types, value)) typeError(inner, value, (path ??= base + segment), property.segment);
    } else {
      check(inner, value, (path ??= base + segment), property.segment);
    }
  }
}
