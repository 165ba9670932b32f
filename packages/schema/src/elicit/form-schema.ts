import type { JsonSchema, JsonValue } from '../manifest/manifest.types';

/** The formats the MCP elicitation form schema allows on a string property. */
const FORMATS: readonly string[] = ['email', 'uri', 'date', 'date-time'];

/** The keywords each kind of form property may carry (MCP `PrimitiveSchemaDefinition`). */
const ALLOWED: Readonly<Record<'string' | 'number' | 'boolean' | 'enum' | 'multi', readonly string[]>> = {
  string: ['type', 'title', 'description', 'default', 'minLength', 'maxLength', 'format'],
  number: ['type', 'title', 'description', 'default', 'minimum', 'maximum'],
  boolean: ['type', 'title', 'description', 'default'],
  enum: ['type', 'title', 'description', 'default', 'enum'],
  multi: ['type', 'title', 'description', 'default', 'items', 'minItems', 'maxItems'],
};

/** The titles of one enum property's options (see option-titles.ts), and whether they go in legacy `enumNames`. */
export interface FormOptionTitles {
  readonly titles: ReadonlyMap<string, string>;
  readonly legacy: boolean;
}

/** A form schema, or why the type is not one (a phrase naming the property, and what to change). */
export type FormSchemaResult = { readonly ok: true; readonly schema: JsonSchema } | { readonly ok: false; readonly reason: string };

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Restricts a converted input schema to MCP's elicitation form schema: a flat object whose
 * properties are strings (length, `email`/`uri`/`date`/`date-time` format), numbers or
 * integers (minimum, maximum), booleans, string enums (single select) or arrays of a string
 * enum (multi select), each with title, description and default. Anything else is refused
 * with the property it is about; `additionalProperties` is dropped (forms are closed anyway).
 * An enum property with option titles becomes the titled shape: `oneOf: [{ const, title }]`
 * (single select), `items.anyOf: [{ const, title }]` (multi select), or, asked for, the
 * legacy `enum` + `enumNames`.
 */
export function toFormSchema(converted: JsonSchema, optionTitles: ReadonlyMap<string, FormOptionTitles> = new Map()): FormSchemaResult {
  if (converted.type !== 'object' || !isObject(converted.properties)) {
    return { ok: false, reason: 'is not an object type; a form is a flat object of string, number, integer, boolean or enum properties' };
  }
  if (converted.$defs !== undefined || converted.$ref !== undefined) {
    return { ok: false, reason: 'refers to itself; a form is a flat object of string, number, integer, boolean or enum properties' };
  }
  const properties: { [key: string]: JsonValue } = {};
  for (const [name, property] of Object.entries(converted.properties)) {
    const checked = formProperty(property, optionTitles.get(name));
    if (typeof checked === 'string') return { ok: false, reason: `property "${name}" ${checked}` };
    properties[name] = checked;
  }
  const schema: JsonSchema = { type: 'object', properties };
  if (Array.isArray(converted.required) && converted.required.length > 0) schema.required = converted.required;
  return { ok: true, schema };
}

/** The property as a form field, or why it cannot be one. */
function formProperty(property: JsonValue, titled: FormOptionTitles | undefined): JsonSchema | string {
  if (!isObject(property)) return 'has no schema';
  if (Object.hasOwn(property, 'sensitive')) {
    return 'is marked sensitive; a form must not ask for sensitive information (ask for it with a URL-mode elicitation instead)';
  }
  const kind = kindOf(property);
  if (kind === undefined) {
    return `is ${describe(property)}; a form field is a string, number, integer, boolean, string-literal union or array of one (flatten nested objects into fields, drop null)`;
  }
  for (const keyword of Object.keys(property)) {
    if (!ALLOWED[kind].includes(keyword)) return `uses "${keyword}", which a form field of this type cannot carry; remove the constraint`;
  }
  if (kind === 'string' && property.format !== undefined && (typeof property.format !== 'string' || !FORMATS.includes(property.format))) {
    return `has format ${JSON.stringify(property.format)}; forms allow ${FORMATS.join(', ')}`;
  }
  if (kind === 'enum') return titled === undefined ? { ...property } : titledSingle(property, titled);
  if (kind === 'multi') {
    const items = property.items as { [key: string]: JsonValue };
    const values = items.enum as string[];
    // The items keep only the options: a description the enum type carries is not the field's.
    return {
      ...property,
      items: titled === undefined ? { type: 'string', enum: values } : { anyOf: options(values, titled) },
    };
  }
  if (titled !== undefined) return 'has option titles but is no enum; titles are for a string-literal union or string enum';
  return { ...property };
}

function options(values: readonly string[], titled: FormOptionTitles): JsonValue[] {
  return values.map((value) => ({ const: value, title: titled.titles.get(value) ?? value }));
}

/** A single select with titles: `oneOf` of `{ const, title }`, or the legacy `enum` + `enumNames`. */
function titledSingle(property: { [key: string]: JsonValue }, titled: FormOptionTitles): JsonSchema {
  const values = property.enum as string[];
  if (titled.legacy) return { ...property, enumNames: values.map((value) => titled.titles.get(value) ?? value) };
  const rest: JsonSchema = { ...property };
  delete rest.enum;
  return { ...rest, oneOf: options(values, titled) };
}

function kindOf(property: { [key: string]: JsonValue }): keyof typeof ALLOWED | undefined {
  const type = property.type;
  if (type === 'string')
    return Array.isArray(property.enum) ? (property.enum.every((v) => typeof v === 'string') ? 'enum' : undefined) : 'string';
  if (type === 'number' || type === 'integer') return property.enum === undefined ? 'number' : undefined;
  if (type === 'boolean') return property.enum === undefined ? 'boolean' : undefined;
  if (type === 'array' && isObject(property.items)) {
    const items = property.items;
    // A documented enum type brings its description (and title) into the items; nothing else may be there.
    const keys = Object.keys(items);
    const stringEnum = items.type === 'string' && Array.isArray(items.enum) && items.enum.every((v) => typeof v === 'string');
    return stringEnum && keys.every((k) => ['type', 'enum', 'description', 'title'].includes(k)) ? 'multi' : undefined;
  }
  return undefined;
}

function describe(property: { [key: string]: JsonValue }): string {
  if (Array.isArray(property.type)) return `one of several types (${property.type.map((t) => JSON.stringify(t)).join(', ')})`;
  if (property.type === 'object' || property.properties !== undefined) return 'a nested object';
  if (property.type === 'array') return 'an array of something other than a string enum';
  if (property.anyOf !== undefined || property.oneOf !== undefined) return 'a union';
  if (property.enum !== undefined || property.const !== undefined) return 'a non-string literal';
  return property.type === undefined ? 'of no single type' : `of type ${JSON.stringify(property.type)}`;
}
