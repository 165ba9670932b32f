import type * as ts from 'typescript';
import type { JsonSchema, JsonValue } from '../manifest/manifest.types';
import type { NormalizedSchema } from './schema-normalizer';

/**
 * A private keyword the patched generator puts on a property whose options have titles; its
 * value indexes the titles it collected. It never leaves the converter: once `$ref`s to enum
 * definitions are inlined, {@link applyOptionTitleMarks} turns each marked node into the titled
 * shape and removes the mark.
 */
export const OPTION_TITLES_MARK = 'x-armature-option-titles';

/** The titles of one marked property, and where it is declared (for a warning). */
export interface MarkedTitles {
  readonly titles: ReadonlyMap<string, string>;
  readonly property: string;
  readonly node: ts.Node;
}

/** Something a conversion noticed that leaves the schema without what the source asked for. */
export interface ConversionFinding {
  readonly node: ts.Node;
  readonly property?: string;
  readonly message: string;
}

/**
 * Rewrites every marked node of a converted schema: a string enum becomes
 * `oneOf: [{ const, title }]`, an array of one `items.anyOf: [{ const, title }]` (the shapes
 * MCP uses for titled options; they accept exactly the values the `enum` did, since the
 * consts are distinct). A marked node of another shape is left as it is, with a finding.
 */
export function applyOptionTitleMarks(converted: NormalizedSchema, marks: readonly MarkedTitles[]): ConversionFinding[] {
  const findings: ConversionFinding[] = [];
  const visit = (value: JsonValue): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const node = value as JsonSchema;
    const mark = node[OPTION_TITLES_MARK];
    if (mark !== undefined) {
      delete node[OPTION_TITLES_MARK];
      const marked = typeof mark === 'number' ? marks[mark] : undefined;
      if (marked !== undefined && !titleOptions(node, marked.titles)) {
        findings.push({
          node: marked.node,
          property: marked.property,
          message: `property "${marked.property}" has option titles, but its schema is not a plain string enum (or an array of one), so they are left out of it`,
        });
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(converted.schema);
  Object.values(converted.defs).forEach(visit);
  return findings;
}

/** Puts the titles on a single or multi select in place; false when the node is neither. */
function titleOptions(node: JsonSchema, titles: ReadonlyMap<string, string>): boolean {
  if (isEnum(node.enum) && node.oneOf === undefined && node.anyOf === undefined) {
    node.oneOf = options(node.enum, titles);
    delete node.enum;
    return true;
  }
  const items = node.items;
  if (node.type === 'array' && typeof items === 'object' && items !== null && !Array.isArray(items) && isEnum(items.enum)) {
    const { enum: values, ...rest } = items;
    node.items = { ...rest, anyOf: options(values as JsonValue[], titles) };
    return true;
  }
  return false;
}

function isEnum(value: JsonValue | undefined): value is JsonValue[] {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' || v === null);
}

/** `{ const, title }` per value, in the enum's order (a `null` of a nullable enum has no title). */
function options(values: readonly JsonValue[], titles: ReadonlyMap<string, string>): JsonValue[] {
  return values.map((value): JsonValue => {
    const title = typeof value === 'string' ? titles.get(value) : undefined;
    return title === undefined ? { const: value } : { const: value, title };
  });
}
