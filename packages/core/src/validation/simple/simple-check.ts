import type { ErrorObject } from 'ajv';
import { type SchemaPlan, TypeBit } from './simple-plan';

const hasOwn = Object.prototype.hasOwnProperty;

/** The error list of one validation, made on the first error (a valid value allocates none). */
interface Errors {
  list: ErrorObject[] | null;
}

/**
 * Checks `data` against `plan` the way ajv's code for the same schema does with core's
 * options (allErrors, verbose, useDefaults, ownProperties): same verdict, same defaults
 * applied, same errors in the same order (the fields `ajvIssues` reads). One shared checker
 * for every tool: no code per schema to load or compile, so a tool's first call runs code
 * that is already warm. Returns null when valid.
 */
export function checkPlan(plan: SchemaPlan, data: unknown): ErrorObject[] | null {
  const errors: Errors = { list: null };
  check(plan, data, '', errors);
  return errors.list;
}

function fail(errors: Errors, instancePath: string, keyword: string, params: Record<string, unknown>, message: string, plan: SchemaPlan, data: unknown): void {
  const error = { instancePath, schemaPath: '', keyword, params, message, parentSchema: plan.node, data } as ErrorObject;
  if (errors.list === null) errors.list = [error];
  else errors.list.push(error);
}

function typeError(plan: SchemaPlan, data: unknown, path: string, errors: Errors): void {
  const type = plan.node.type;
  fail(errors, path, 'type', { type }, `must be ${Array.isArray(type) ? type.join(',') : String(type)}`, plan, data);
}

function typeMatches(types: number, data: unknown): boolean {
  switch (typeof data) {
    case 'string':
      return (types & TypeBit.String) !== 0;
    case 'number':
      return (types & TypeBit.Number) !== 0 || ((types & TypeBit.Integer) !== 0 && !(data % 1) && !Number.isNaN(data));
    case 'boolean':
      return (types & TypeBit.Boolean) !== 0;
    case 'object':
      if (data === null) return (types & TypeBit.Null) !== 0;
      return (types & (Array.isArray(data) ? TypeBit.Array : TypeBit.Object)) !== 0;
    default:
      return false;
  }
}

/** JSON Pointer escaping of one segment, as ajv writes `instancePath`. */
function segment(name: string): string {
  return name.includes('~') || name.includes('/') ? name.replace(/~/g, '~0').replace(/\//g, '~1') : name;
}

function check(plan: SchemaPlan, data: unknown, path: string, errors: Errors): void {
  if (plan.typeFirst && !typeMatches(plan.types, data)) typeError(plan, data, path, errors);
  if (plan.constValue !== undefined && data !== plan.constValue.value) {
    fail(errors, path, 'const', { allowedValue: plan.constValue.value }, 'must be equal to constant', plan, data);
  }
  if (plan.enumValues !== undefined && !plan.enumValues.includes(data)) {
    fail(errors, path, 'enum', { allowedValues: plan.enumValues }, 'must be equal to one of the allowed values', plan, data);
  }
  if (plan.numberLimits !== undefined) {
    if (typeof data === 'number') checkNumber(plan, data, path, errors);
    else if (!plan.typeFirst && plan.types === TypeBit.Number) typeError(plan, data, path, errors);
  }
  if (plan.stringLimits !== undefined || plan.pattern !== undefined) {
    if (typeof data === 'string') checkString(plan, data, path, errors);
    else if (!plan.typeFirst && plan.types === TypeBit.String) typeError(plan, data, path, errors);
  }
  if (plan.itemLimits !== undefined || plan.items !== undefined) {
    if (Array.isArray(data)) checkArray(plan, data, path, errors);
    else if (!plan.typeFirst && plan.types === TypeBit.Array) typeError(plan, data, path, errors);
  }
  if (plan.objectGroup) {
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) checkObject(plan, data as Record<string, unknown>, path, errors);
    else if (!plan.typeFirst && plan.types === TypeBit.Object) typeError(plan, data, path, errors);
  }
}

const NUMBER_FAILS: Readonly<Record<string, readonly [okStr: string, fails: (data: number, limit: number) => boolean]>> = {
  maximum: ['<=', (d, l) => d > l],
  minimum: ['>=', (d, l) => d < l],
  exclusiveMaximum: ['<', (d, l) => d >= l],
  exclusiveMinimum: ['>', (d, l) => d <= l],
};

function checkNumber(plan: SchemaPlan, data: number, path: string, errors: Errors): void {
  for (const [keyword, limit] of plan.numberLimits ?? []) {
    const [okStr, fails] = NUMBER_FAILS[keyword] as (typeof NUMBER_FAILS)[string];
    if (fails(data, limit) || Number.isNaN(data)) fail(errors, path, keyword, { comparison: okStr, limit }, `must be ${okStr} ${limit}`, plan, data);
  }
}

/** Length in code points, as ajv counts it (`ucs2length`). */
function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++, n++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return n;
}

function checkString(plan: SchemaPlan, data: string, path: string, errors: Errors): void {
  if (plan.stringLimits !== undefined) {
    const length = codePoints(data);
    for (const [keyword, limit] of plan.stringLimits) {
      const over = keyword === 'maxLength';
      if (over ? length > limit : length < limit) fail(errors, path, keyword, { limit }, `must NOT have ${over ? 'more' : 'fewer'} than ${limit} characters`, plan, data);
    }
  }
  const pattern = plan.pattern;
  if (pattern !== undefined && !pattern.regexp.test(data)) fail(errors, path, 'pattern', { pattern: pattern.source }, `must match pattern "${pattern.source}"`, plan, data);
}

function checkArray(plan: SchemaPlan, data: unknown[], path: string, errors: Errors): void {
  for (const [keyword, limit] of plan.itemLimits ?? []) {
    const over = keyword === 'maxItems';
    if (over ? data.length > limit : data.length < limit) fail(errors, path, keyword, { limit }, `must NOT have ${over ? 'more' : 'fewer'} than ${limit} items`, plan, data);
  }
  const items = plan.items;
  if (items !== undefined) for (let i = 0; i < data.length; i++) check(items, data[i], `${path}/${i}`, errors);
}

function checkObject(plan: SchemaPlan, data: Record<string, unknown>, path: string, errors: Errors): void {
  // ajv assigns defaults first (a fresh copy each time: its code holds them as literals).
  if (plan.defaults !== undefined) for (const [name, value] of plan.defaults) if (data[name] === undefined) data[name] = structuredClone(value);
  if (plan.required !== undefined) {
    for (const name of plan.required) {
      if (data[name] === undefined || !hasOwn.call(data, name)) fail(errors, path, 'required', { missingProperty: name }, `must have required property '${name}'`, plan, data);
    }
  }
  const closed = plan.closedOver;
  if (closed !== undefined) {
    for (const key of Object.keys(data)) {
      if (!closed.has(key)) fail(errors, path, 'additionalProperties', { additionalProperty: key }, 'must NOT have additional properties', plan, data);
    }
  }
  if (plan.properties !== undefined) {
    for (const [name, inner, defaulted] of plan.properties) {
      const value = data[name];
      // ajv checks a property with a default without asking whether it is present (it was just filled).
      if (defaulted || (value !== undefined && hasOwn.call(data, name))) check(inner, value, `${path}/${segment(name)}`, errors);
    }
  }
}
