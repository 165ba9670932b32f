import type { JsonSchema, JsonValue } from '../manifest/manifest.types';
import { getOwn, setOwn } from './own-keys';
import type { NormalizedSchema } from './schema-normalizer';

const DEFS_PREFIX = '#/$defs/';

/**
 * The `@schemaDefs` opt-in keeps named object types (interfaces, classes and their generic
 * instantiations) under `$defs`. The generator also makes definitions of string-literal
 * aliases and enums; those are put back inline unless recursion needs them, so the rule
 * stays "named object types, and recursion".
 */
export function keepObjectDefs(converted: NormalizedSchema): NormalizedSchema {
  const recursive = recursiveDefs(converted.defs);
  const inline = new Set(
    Object.entries(converted.defs)
      .filter(([name, schema]) => schema.type !== 'object' && !recursive.has(name))
      .map(([name]) => name),
  );
  if (inline.size === 0) return converted;
  const rewrite = (value: JsonValue): JsonValue => inlineRefs(value, converted.defs, inline);
  const defs: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(converted.defs)) {
    if (!inline.has(name)) setOwn(defs, name, rewrite(schema) as JsonSchema);
  }
  return { schema: rewrite(converted.schema) as JsonSchema, defs };
}

/**
 * A whole input (DTO) or output schema is described at the top, not behind a `$ref`: a root
 * that refers to a definition takes the definition's keywords, and the definition is dropped
 * when nothing else refers to it (a recursive type keeps it).
 */
export function inlineRootRef(converted: NormalizedSchema): NormalizedSchema {
  const name = refName(converted.schema);
  const target = name === undefined ? undefined : getOwn(converted.defs, name);
  if (name === undefined || target === undefined) return converted;
  const { $ref: _ref, ...siblings } = converted.schema;
  const schema: JsonSchema = { ...target, ...siblings };
  const stillUsed = Object.values(converted.defs).some((def) => refsIn(def).includes(name));
  if (stillUsed) return { schema, defs: converted.defs };
  const defs = { ...converted.defs };
  delete defs[name];
  return { schema, defs };
}

/** The definitions that can reach themselves through `$ref`s. */
function recursiveDefs(defs: Readonly<Record<string, JsonSchema>>): Set<string> {
  const edges = new Map(Object.entries(defs).map(([name, schema]) => [name, refsIn(schema)]));
  const recursive = new Set<string>();
  for (const start of edges.keys()) {
    const seen = new Set<string>();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (next === start) {
        recursive.add(start);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
  }
  return recursive;
}

/** Replaces `$ref`s to the `inline` definitions by their content (siblings of the `$ref` win). */
function inlineRefs(value: JsonValue, defs: Readonly<Record<string, JsonSchema>>, inline: ReadonlySet<string>): JsonValue {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(item, defs, inline));
  if (typeof value !== 'object' || value === null) return value;
  const name = refName(value);
  const target = name === undefined ? undefined : getOwn(defs, name);
  if (name !== undefined && target !== undefined && inline.has(name)) {
    const { $ref: _ref, ...siblings } = value;
    // The target is not recursive, so expanding it terminates.
    return inlineRefs({ ...target, ...siblings }, defs, inline);
  }
  const out: Record<string, JsonValue> = {};
  for (const [key, inner] of Object.entries(value)) setOwn(out, key, inlineRefs(inner, defs, inline));
  return out;
}

function refName(value: { readonly [key: string]: JsonValue }): string | undefined {
  const ref = value.$ref;
  return typeof ref === 'string' && ref.startsWith(DEFS_PREFIX) ? ref.slice(DEFS_PREFIX.length) : undefined;
}

/** Every definition name referred to anywhere in a value. */
function refsIn(value: JsonValue): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (typeof value !== 'object' || value === null) return [];
  const own = refName(value);
  const nested = Object.entries(value).flatMap(([key, inner]) => (key === '$ref' ? [] : refsIn(inner)));
  return own === undefined ? nested : [own, ...nested];
}
