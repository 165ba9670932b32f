import { SCHEMA_MAP_KEYWORDS, SUBSCHEMA_KEYWORDS } from '../validation/schema-keywords';
// The rules of `@Tool({ extendInputSchema, headers })`: how an author's JSON Schema fragment is
// merged into a tool's generated input schema, and how parameters are marked `x-mcp-header`
// (MCP 2026-07-28, SEP-2106 and SEP-2243).
//
// One copy serves the boot (core) and `armature build` (@armature/schema imports it through the
// `@armature/core/schema-extension` subpath), which merges an extension written as a literal,
// so the manifest already holds the merged schema and the boot merge changes nothing. It
// imports nothing, so loading it from the build tool pulls in none of core's runtime.

/** A JSON Schema object, as far as these rules look into it. */
export type SchemaObject = { readonly [keyword: string]: unknown };

// The two option shapes are declared with the other author options; a type-only import, so
// this file still loads nothing at run time.
export type { HeaderParameters, JsonSchemaExtension } from '../metadata/option-shapes';

/** Why an extension cannot be merged: where (a JSON Pointer into the input schema, `""` for its root) and what. */
export interface SchemaExtensionProblem {
  readonly pointer: string;
  readonly message: string;
}

/** Why a parameter cannot be a header; `parameter` is undefined when the `headers` option itself is malformed. */
export interface HeaderParameterProblem {
  readonly parameter?: string;
  readonly message: string;
}

/** A schema after a change: the original object itself when nothing changed. */
export interface SchemaChange<Problem> {
  readonly schema: SchemaObject;
  readonly changed: boolean;
  readonly problems: readonly Problem[];
}

/** Keywords whose lists are conjunctions: the extension's entries are appended (each once). */
const CONJUNCTIVE_LISTS: ReadonlySet<string> = new Set(['required', 'allOf']);

/** An HTTP field name token (RFC 9110 §5.1): the part after `Mcp-Param-`. */
export const HEADER_NAME_PATTERN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/** The JSON Schema types a header can carry (SEP-2243: no number, null, object or array). */
const HEADER_TYPES: ReadonlySet<string> = new Set(['string', 'integer', 'boolean']);

/** The annotation a header parameter carries in the advertised input schema. */
export const HEADER_KEYWORD = 'x-mcp-header';

/**
 * Deep-merges `extension` into `schema`. Adds what the schema lacks; never changes or removes
 * a value it has: a different value (a scalar, a `type`, a `true`/`false` schema) is a problem,
 * named by its JSON Pointer. Merging the same extension twice changes nothing the second time.
 */
export function mergeSchemaExtension(schema: SchemaObject, extension: unknown): SchemaChange<SchemaExtensionProblem> {
  const problems: SchemaExtensionProblem[] = [];
  if (!isPlainObject(extension)) {
    problems.push({ pointer: '', message: `the extension must be a JSON Schema object, got ${describe(extension)}` });
    return { schema, changed: false, problems };
  }
  checkJson(extension, '', problems);
  if (problems.length > 0) return { schema, changed: false, problems };
  const merged = mergeSchema(schema, extension, '', problems) as SchemaObject;
  return { schema: problems.length > 0 ? schema : merged, changed: problems.length === 0 && merged !== schema, problems };
}

/**
 * Marks each parameter of `headers` with `x-mcp-header: <header name>` on its top-level
 * property, then checks every header parameter of the result ({@link checkHeaderParameters}).
 */
export function markHeaderParameters(schema: SchemaObject, headers: unknown): SchemaChange<HeaderParameterProblem> {
  const problems: HeaderParameterProblem[] = [];
  if (!isPlainObject(headers)) {
    problems.push({ message: `"headers" must map parameter names to header names, got ${describe(headers)}` });
    return { schema, changed: false, problems };
  }
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  let marked: Record<string, unknown> | undefined;
  for (const [parameter, header] of Object.entries(headers)) {
    const property = hasOwn(properties, parameter) ? properties[parameter] : undefined;
    if (typeof header !== 'string') {
      problems.push({ parameter, message: `the header name must be a string, got ${describe(header)}` });
    } else if (!isPlainObject(property)) {
      const known = Object.keys(properties);
      problems.push({
        parameter,
        message: `the input schema has no parameter "${parameter}" (${known.length > 0 ? `its parameters: ${known.join(', ')}` : 'it has no parameters'})`,
      });
    } else if (hasOwn(property, HEADER_KEYWORD) && property[HEADER_KEYWORD] !== header) {
      problems.push({
        parameter,
        message: `it is already marked ${HEADER_KEYWORD}: ${JSON.stringify(property[HEADER_KEYWORD])}, not ${JSON.stringify(header)}`,
      });
    } else if (!hasOwn(property, HEADER_KEYWORD)) {
      marked ??= { ...properties };
      put(marked, parameter, withKey(property, HEADER_KEYWORD, header));
    }
  }
  if (problems.length > 0) return { schema, changed: false, problems };
  const result = marked ? withKey(schema, 'properties', marked) : schema;
  const invalid = checkHeaderParameters(result);
  return invalid.length > 0 ? { schema, changed: false, problems: invalid } : { schema: result, changed: result !== schema, problems: [] };
}

/**
 * Checks every top-level property marked `x-mcp-header` (SEP-2243): the name is a non-empty
 * RFC 9110 token (no spaces, colons or non-ASCII), unique within the tool ignoring case, and
 * the property's `type` is `string`, `integer` or `boolean`.
 */
export function checkHeaderParameters(schema: SchemaObject): HeaderParameterProblem[] {
  const problems: HeaderParameterProblem[] = [];
  const properties = schema.properties;
  if (!isPlainObject(properties)) return problems;
  const seen = new Map<string, string>();
  for (const [parameter, property] of Object.entries(properties)) {
    if (!isPlainObject(property) || !hasOwn(property, HEADER_KEYWORD)) continue;
    const header = property[HEADER_KEYWORD];
    if (typeof header !== 'string' || !HEADER_NAME_PATTERN.test(header)) {
      problems.push({
        parameter,
        message: `${JSON.stringify(header)} is not a header name: use a non-empty RFC 9110 token (letters, digits and !#$%&'*+-.^_\`|~; no spaces, colons or non-ASCII characters)`,
      });
      continue;
    }
    const type = property.type;
    if (typeof type !== 'string' || !HEADER_TYPES.has(type)) {
      const hint = type === 'number' ? ' (a number cannot be a header: use an integer, e.g. with the JSDoc tag @integer)' : '';
      problems.push({
        parameter,
        message: `only string, integer and boolean parameters can be headers, and its type is ${type === undefined ? 'not stated' : JSON.stringify(type)}${hint}`,
      });
      continue;
    }
    const other = seen.get(header.toLowerCase());
    if (other !== undefined) {
      problems.push({
        parameter,
        message: `the header name ${JSON.stringify(header)} is already used by parameter "${other}" (header names are compared ignoring case)`,
      });
      continue;
    }
    seen.set(header.toLowerCase(), parameter);
  }
  return problems;
}

/** A JSON Pointer as a message names it. */
export function describePointer(pointer: string): string {
  return pointer === '' ? 'the root of the input schema' : pointer;
}

function mergeSchema(base: unknown, extension: unknown, pointer: string, problems: SchemaExtensionProblem[]): unknown {
  if (!isPlainObject(base) || !isPlainObject(extension)) return mergeValue(base, extension, pointer, problems);
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(extension)) {
    if (value === undefined) continue;
    if (!hasOwn(base, key)) {
      put((out ??= { ...base }), key, value);
      continue;
    }
    const at = `${pointer}/${escapePointer(key)}`;
    const current = base[key];
    const merged = SCHEMA_MAP_KEYWORDS.has(key)
      ? mergeMap(current, value, at, problems)
      : SUBSCHEMA_KEYWORDS.has(key)
        ? mergeSchema(current, value, at, problems)
        : CONJUNCTIVE_LISTS.has(key)
          ? mergeList(current, value, at, problems)
          : mergeValue(current, value, at, problems);
    if (merged !== current) put((out ??= { ...base }), key, merged);
  }
  return out ?? base;
}

function mergeMap(base: unknown, extension: unknown, pointer: string, problems: SchemaExtensionProblem[]): unknown {
  if (!isPlainObject(base) || !isPlainObject(extension)) return mergeValue(base, extension, pointer, problems);
  let out: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(extension)) {
    if (value === undefined) continue;
    const current = hasOwn(base, name) ? base[name] : undefined;
    const merged = current === undefined ? value : mergeSchema(current, value, `${pointer}/${escapePointer(name)}`, problems);
    if (merged !== current) put((out ??= { ...base }), name, merged);
  }
  return out ?? base;
}

function mergeList(base: unknown, extension: unknown, pointer: string, problems: SchemaExtensionProblem[]): unknown {
  if (!Array.isArray(base) || !Array.isArray(extension)) return mergeValue(base, extension, pointer, problems);
  const added = extension.filter(
    (item, i) => !base.some((known) => jsonEqual(known, item)) && extension.findIndex((other) => jsonEqual(other, item)) === i,
  );
  return added.length === 0 ? base : [...base, ...added];
}

function mergeValue(base: unknown, extension: unknown, pointer: string, problems: SchemaExtensionProblem[]): unknown {
  if (!jsonEqual(base, extension)) {
    const what = pointer.endsWith('/type') ? 'changes the type' : 'conflicts with the generated value';
    problems.push({
      pointer,
      message: `${what}: the input schema has ${show(base)}, the extension ${show(extension)}; an extension adds keywords, it cannot change a value`,
    });
  }
  return base;
}

/** Reports values JSON cannot hold (functions, `NaN`, class instances…); `undefined` properties count as absent. */
function checkJson(value: unknown, pointer: string, problems: SchemaExtensionProblem[]): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) problems.push({ pointer, message: `${String(value)} is not a JSON number` });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkJson(item, `${pointer}/${i}`, problems));
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, inner] of Object.entries(value))
      if (inner !== undefined) checkJson(inner, `${pointer}/${escapePointer(key)}`, problems);
    return;
  }
  problems.push({ pointer, message: `${describe(value)} is not JSON` });
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  if (keys.length !== Object.keys(b).filter((key) => b[key] !== undefined).length) return false;
  return keys.every((key) => hasOwn(b, key) && jsonEqual(a[key], b[key]));
}

function isPlainObject(value: unknown): value is { readonly [key: string]: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** Sets an own property (a key named `__proto__` included). */
function put(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

function withKey(object: { readonly [key: string]: unknown }, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...object };
  put(copy, key, value);
  return copy;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return `an instance of ${(value as object).constructor?.name ?? 'an unknown class'}`;
  if (typeof value === 'function') return 'a function';
  return typeof value === 'string' ? JSON.stringify(value) : `${typeof value} ${String(value as number | boolean | bigint | symbol)}`;
}
