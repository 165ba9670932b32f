import type { JsonSchema, JsonValue } from '../manifest/manifest.types';
import { getOwn, setOwn } from './own-keys';
import type { NormalizedSchema } from './schema-normalizer';

/**
 * Collects the `$defs` of several converted types that end up in one schema (one input schema
 * holds every parameter), sharing identical definitions and renaming clashing ones.
 */
export class DefsPool {
  private readonly defs: Record<string, JsonSchema> = Object.create(null) as Record<string, JsonSchema>;

  /** Adds a converted type's definitions; returns its schema with references renamed if needed. */
  add(converted: NormalizedSchema): JsonSchema {
    const renames = new Map<string, string>();
    for (const [name, definition] of Object.entries(converted.defs)) {
      const existing = getOwn(this.defs, name);
      if (existing === undefined || JSON.stringify(existing) === JSON.stringify(definition)) continue;
      let candidate = `${name}_2`;
      for (let i = 3; hasValue(this.defs, candidate) || hasValue(converted.defs, candidate); i++) candidate = `${name}_${i}`;
      renames.set(name, candidate);
    }
    const rewrite = (schema: JsonSchema): JsonSchema => (renames.size === 0 ? schema : (renameRefs(schema, renames) as JsonSchema));
    for (const [name, definition] of Object.entries(converted.defs)) {
      const target = renames.get(name) ?? name;
      if (!hasValue(this.defs, target)) setOwn(this.defs, target, rewrite(definition));
    }
    return rewrite(converted.schema);
  }

  /** Puts the collected definitions on the top-level schema (nothing when there are none). */
  attachTo(schema: JsonSchema): JsonSchema {
    return Object.keys(this.defs).length === 0 ? schema : { ...schema, $defs: { ...this.defs } };
  }
}

function hasValue(defs: Readonly<Record<string, JsonSchema>>, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(defs, name);
}

function renameRefs(value: JsonValue, renames: ReadonlyMap<string, string>): JsonValue {
  if (Array.isArray(value)) return value.map((item) => renameRefs(item, renames));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, JsonValue> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')) {
      const name = inner.slice('#/$defs/'.length);
      out[key] = `#/$defs/${renames.get(name) ?? name}`;
    } else {
      setOwn(out, key, renameRefs(inner, renames));
    }
  }
  return out;
}
