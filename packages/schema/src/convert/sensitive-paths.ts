import type { JsonSchema, JsonValue } from '../manifest/manifest.types';

/** The JSDoc tag (on a property, or `@sensitive <parameter>` on a method) marking a value audit records must not show. */
export const SENSITIVE_KEYWORD = 'sensitive';

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SUBSCHEMAS = ['additionalProperties', 'items', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

function isSchema(value: JsonValue | undefined): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of `node` without the `sensitive` mark at any schema position (a property named `sensitive` stays). */
export function dropSensitive(node: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === SENSITIVE_KEYWORD) continue;
    if (SUBSCHEMA_MAPS.includes(key) && isSchema(value)) {
      const map: JsonSchema = {};
      for (const [name, inner] of Object.entries(value)) {
        Object.defineProperty(map, name, {
          value: isSchema(inner) ? dropSensitive(inner) : inner,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      out[key] = map;
    } else if (SUBSCHEMAS.includes(key) && isSchema(value)) out[key] = dropSensitive(value);
    else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) out[key] = value.map((v) => (isSchema(v) ? dropSensitive(v) : v));
    else Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** One segment of a JSON Pointer (RFC 6901). */
function escapeSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

function defOf(ref: JsonValue | undefined, root: JsonSchema): { name: string; schema: JsonSchema } | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return undefined;
  const name = ref.slice('#/$defs/'.length);
  const defs = root.$defs;
  const schema = isSchema(defs) && Object.hasOwn(defs, name) ? defs[name] : undefined;
  return isSchema(schema) ? { name, schema } : undefined;
}

/** Whether a `sensitive` mark occurs anywhere under `node` (following `$ref`s once each). */
function marked(node: JsonSchema, root: JsonSchema, seen: Set<string>): boolean {
  if (Object.hasOwn(node, SENSITIVE_KEYWORD)) return true;
  const def = defOf(node.$ref, root);
  if (def !== undefined && !seen.has(def.name)) {
    seen.add(def.name);
    if (marked(def.schema, root, seen)) return true;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === '$defs') continue;
    if (SUBSCHEMA_MAPS.includes(key) && isSchema(value)) {
      if (Object.values(value).some((inner) => isSchema(inner) && marked(inner, root, seen))) return true;
    } else if (SUBSCHEMAS.includes(key) && isSchema(value)) {
      if (marked(value, root, seen)) return true;
    } else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      if (value.some((v) => isSchema(v) && marked(v, root, seen))) return true;
    }
  }
  return false;
}

/**
 * Walks the schema as a value is checked against it, collecting the JSON Pointer of every
 * marked value (`*` stands for any array item or any property of a map). A recursive type
 * with a mark inside is redacted whole where it recurs: a finite list of paths cannot reach
 * every depth, and hiding more is the safe side.
 */
function collect(node: JsonSchema, pointer: string, root: JsonSchema, stack: readonly string[], out: Set<string>): void {
  if (Object.hasOwn(node, SENSITIVE_KEYWORD)) {
    out.add(pointer);
    return;
  }
  const def = defOf(node.$ref, root);
  if (def !== undefined) {
    if (!stack.includes(def.name)) collect(def.schema, pointer, root, [...stack, def.name], out);
    else if (marked(def.schema, root, new Set())) out.add(pointer);
  }
  const at = (segment: string): string => `${pointer}/${segment}`;
  const visit = (value: JsonValue | undefined, path: string): void => {
    if (isSchema(value)) collect(value, path, root, stack, out);
  };
  if (isSchema(node.properties)) for (const [name, inner] of Object.entries(node.properties)) visit(inner, at(escapeSegment(name)));
  if (isSchema(node.patternProperties)) for (const inner of Object.values(node.patternProperties)) visit(inner, at('*'));
  visit(node.additionalProperties, at('*'));
  visit(node.items, at('*'));
  if (Array.isArray(node.prefixItems)) node.prefixItems.forEach((inner, i) => visit(inner, at(String(i))));
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((inner) => visit(inner, pointer));
  }
  for (const key of ['if', 'then', 'else']) visit(node[key], pointer);
}

/**
 * The redaction paths of an input schema — JSON Pointers into the arguments object, `*` for
 * any item or map value, sorted — and the schema without its `sensitive` marks. `extra` adds
 * paths known otherwise (a method's `@sensitive <parameter>` tags).
 */
export function takeSensitive(schema: JsonSchema, extra: readonly string[] = []): { schema: JsonSchema; paths: readonly string[] } {
  const out = new Set<string>(extra);
  collect(schema, '', schema, [], out);
  return { schema: dropSensitive(schema), paths: [...out].sort() };
}

/** The pointer of a top-level argument. */
export function argumentPointer(name: string): string {
  return `/${escapeSegment(name)}`;
}
