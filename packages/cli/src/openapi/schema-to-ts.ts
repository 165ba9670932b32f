import { isObject, OpenApiError, resolvePointer, type OpenApiDocument } from './openapi-document';
import { propertyKey } from './identifiers';

const COMPONENT_SCHEMA = /^#\/components\/schemas\/([^/]+)$/;

/** Formats ajv-formats knows: these become `@format`; any other is only mentioned in the description. */
const KNOWN_FORMATS = new Set(
  (
    'date time date-time iso-time iso-date-time duration uri uri-reference uri-template url email hostname ipv4 ipv6 regex uuid ' +
    'json-pointer json-pointer-uri-fragment relative-json-pointer byte int32 int64 float double password binary'
  ).split(' '),
);

/** Keywords written as typescript-json-schema property tags, with the value as JSON. */
const NUMERIC_TAGS = ['minimum', 'maximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;

/**
 * Turns OpenAPI schemas into TypeScript type text the Armature scanner reads back into the same
 * JSON Schema: component schemas become named types, everything else is written inline, and
 * constraints travel as JSDoc tags on properties.
 */
export class SchemaToTs {
  /** The named types written since the last `takeReferenced()`: what a file must import. */
  private referenced = new Set<string>();

  constructor(
    private readonly document: OpenApiDocument,
    private readonly typeNames: ReadonlyMap<string, string>,
  ) {}

  /** The named types referenced since the last call, sorted. */
  takeReferenced(): string[] {
    const names = [...this.referenced].sort();
    this.referenced = new Set();
    return names;
  }

  /** The TypeScript type of a schema; `indent` is the indentation of the line it starts on. */
  type(schema: unknown, indent = ''): string {
    if (schema === true || schema === undefined) return 'unknown';
    if (schema === false) return 'never';
    if (!isObject(schema)) throw new OpenApiError('a schema must be an object or a boolean.');
    if (typeof schema.$ref === 'string') return this.reference(schema.$ref, indent);
    // An enum says null itself (core adds it for a nullable enum).
    const nullable = schema.nullable === true && !Array.isArray(schema.enum);
    let text = this.core(schema, indent);
    if (nullable && text !== 'unknown' && text !== 'null') text = `${wrap(text)} | null`;
    return text;
  }

  /** The JSDoc lines describing a schema used as a property or parameter (description, then tags). */
  docLines(schema: unknown, description?: string): string[] {
    const node = isObject(schema) ? schema : {};
    const lines: string[] = [];
    const text = description ?? (typeof node.description === 'string' ? node.description : undefined);
    const format = typeof node.format === 'string' ? node.format : undefined;
    const unknownFormat = format !== undefined && !KNOWN_FORMATS.has(format) ? ` (format: ${format})` : '';
    if (text !== undefined && text.trim() !== '') lines.push(...docText(text.trim() + unknownFormat));
    else if (unknownFormat !== '') lines.push(`Format: ${format}.`);
    if (typeof node.$ref === 'string') return lines;
    const types = typeList(node);
    if (types.includes('integer') && !types.includes('number')) lines.push('@TJS-type integer');
    for (const keyword of NUMERIC_TAGS) if (typeof node[keyword] === 'number') lines.push(`@${keyword} ${String(node[keyword])}`);
    // OpenAPI 3.0 writes exclusive bounds as booleans beside minimum/maximum; 3.1 as numbers.
    for (const [exclusive, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      const value = node[exclusive];
      if (typeof value === 'number') lines.push(`@${exclusive} ${value}`);
      else if (value === true && typeof node[bound] === 'number') {
        const index = lines.indexOf(`@${bound} ${String(node[bound])}`);
        if (index >= 0) lines.splice(index, 1);
        lines.push(`@${exclusive} ${String(node[bound])}`);
      }
    }
    if (typeof node.pattern === 'string') lines.push(`@pattern ${node.pattern.replace(/\*\//g, '*\\/')}`);
    if (format !== undefined && KNOWN_FORMATS.has(format)) lines.push(`@format ${format}`);
    if (node.uniqueItems === true) lines.push('@uniqueItems true');
    if (node.default !== undefined) lines.push(`@default ${JSON.stringify(node.default).replace(/\*\//g, '*\\/')}`);
    if (node.deprecated === true) lines.push('@deprecated');
    return lines;
  }

  private reference(ref: string, indent: string): string {
    const match = COMPONENT_SCHEMA.exec(ref);
    const name = match === null ? undefined : this.typeNames.get(decodeURIComponent(match[1]!).replace(/~1/g, '/').replace(/~0/g, '~'));
    if (name !== undefined) {
      this.referenced.add(name);
      return name;
    }
    // Any other local pointer (into a path, a parameter, …) is written out where it is used.
    return this.type(resolvePointer(this.document, ref), indent);
  }

  private core(schema: Record<string, unknown>, indent: string): string {
    if (schema.const !== undefined) return literal(schema.const);
    if (Array.isArray(schema.enum)) {
      const values = schema.enum.map(literal);
      if (schema.nullable === true && !schema.enum.includes(null)) values.push('null');
      return values.length === 0 ? 'never' : [...new Set(values)].join(' | ');
    }
    const parts: string[] = [];
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const list = schema[keyword];
      if (Array.isArray(list) && list.length > 0) parts.push(union(list.map((item) => this.type(item, indent))));
    }
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
      parts.push(...schema.allOf.map((item: unknown) => this.type(item, indent)));
    }
    const own = this.ownType(schema, indent);
    if (own !== undefined) parts.push(own);
    if (parts.length === 0) return 'unknown';
    return parts.length === 1 ? parts[0]! : parts.map(wrap).join(' & ');
  }

  /** The type said by `type`, `properties`, `items` themselves; undefined when the schema says none. */
  private ownType(schema: Record<string, unknown>, indent: string): string | undefined {
    const types = typeList(schema);
    const hasObjectKeywords = isObject(schema.properties) || schema.additionalProperties !== undefined;
    if (types.length === 0) return hasObjectKeywords ? this.objectType(schema, indent) : undefined;
    const union = types.map((type) => {
      switch (type) {
        case 'string':
          return 'string';
        case 'number':
        case 'integer':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array':
          return `${wrap(this.type(schema.items, indent))}[]`;
        case 'object':
          return this.objectType(schema, indent);
        default:
          throw new OpenApiError(`unknown schema type "${String(type).slice(0, 40)}".`);
      }
    });
    return [...new Set(union)].join(' | ');
  }

  private objectType(schema: Record<string, unknown>, indent: string): string {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const names = Object.keys(properties);
    const extra = schema.additionalProperties;
    if (names.length === 0) {
      if (extra === false) return 'Record<string, never>';
      return `Record<string, ${extra === undefined || extra === true ? 'unknown' : this.type(extra, indent)}>`;
    }
    return this.members(
      names.map((name) => ({
        name,
        schema: properties[name],
        required: Array.isArray(schema.required) && schema.required.includes(name),
      })),
      indent,
    );
  }

  /**
   * An object type literal, one documented member a line; `asClass` writes a class body instead
   * (required members with `!`), which the scanner reads as a tool's DTO: its properties are the arguments.
   */
  members(
    members: readonly { name: string; schema: unknown; required: boolean; description?: string }[],
    indent: string,
    asClass = false,
  ): string {
    const inner = `${indent}  `;
    const lines = ['{'];
    for (const member of members) {
      lines.push(...jsdoc(this.docLines(member.schema, member.description), inner));
      const mark = member.required ? (asClass ? '!' : '') : '?';
      lines.push(`${inner}${propertyKey(member.name)}${mark}: ${this.type(member.schema, inner)};`);
    }
    lines.push(`${indent}}`);
    return lines.join('\n');
  }
}

/** The types a schema lists (`type: x` or 3.1's `type: [x, "null"]`). */
function typeList(schema: Record<string, unknown>): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return [];
}

function literal(value: unknown): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new OpenApiError(`only string, number, boolean and null enum values are supported, not ${JSON.stringify(value).slice(0, 60)}.`);
}

function union(types: readonly string[]): string {
  const unique = [...new Set(types)];
  return unique.length === 1 ? unique[0]! : unique.map(wrap).join(' | ');
}

/** Parenthesizes a union or intersection so it can be an operand or an array element. */
function wrap(type: string): string {
  if (type.startsWith('{') || type.startsWith('(')) return type;
  return /[|&]/.test(type.replace(/"(?:[^"\\]|\\.)*"/g, '')) ? `(${type})` : type;
}

/** Description text as JSDoc lines: no `*\/` that would end the comment, no blank edges. */
export function docText(text: string): string[] {
  return text
    .replace(/\*\//g, '*\\/')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd());
}

/** A JSDoc block at `indent`, or nothing for no lines. */
export function jsdoc(lines: readonly string[], indent: string): string[] {
  if (lines.length === 0) return [];
  if (lines.length === 1 && !lines[0]!.startsWith('@')) return [`${indent}/** ${lines[0]} */`];
  return [`${indent}/**`, ...lines.map((line) => (line === '' ? `${indent} *` : `${indent} * ${line}`)), `${indent} */`];
}
