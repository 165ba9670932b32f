type Schema = { readonly [keyword: string]: unknown };

const MAX_DEPTH = 3;

/**
 * A schema written the way a TypeScript reader thinks of it: `string`, `'a' | 'b'`, `Note[]`,
 * `{ title: string; tags?: string[] }`, `[string, number?]`, `Record<string, number>`. `$ref`s
 * show their definition's name; nesting deeper than three levels shows as `{…}`.
 */
export function summarizeSchema(schema: unknown, depth = 0): string {
  if (schema === true || (isSchema(schema) && Object.keys(schema).filter((k) => !ANNOTATIONS.has(k)).length === 0)) return 'any';
  if (schema === false) return 'never';
  if (!isSchema(schema)) return '?';
  if (typeof schema.$ref === 'string') return schema.$ref.replace(/^#\/\$defs\//, '');
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(' | ');
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) return branches.map((b) => summarizeSchema(b, depth)).join(' | ');
  }
  if (Array.isArray(schema.allOf)) return schema.allOf.map((b) => summarizeSchema(b, depth)).join(' & ');
  if (Array.isArray(schema.type)) return schema.type.map((t) => summarizeSchema({ ...schema, type: t }, depth)).join(' | ');
  switch (schema.type) {
    case 'array':
      return arrayType(schema, depth);
    case 'object':
      return objectType(schema, depth);
    case 'string':
      return schema.format === undefined
        ? 'string'
        : `string(${typeof schema.format === 'string' ? schema.format : JSON.stringify(schema.format)})`;
    case undefined:
      return 'any';
    default:
      return String(schema.type);
  }
}

/** The properties of an object schema as `name: type` entries (`name?` when optional, `= default` when given). */
export function summarizeProperties(schema: unknown, depth = 0): string[] {
  if (!isSchema(schema) || !isSchema(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const optional = required.has(name) ? '' : '?';
    const fallback = isSchema(property) && 'default' in property ? ` = ${JSON.stringify(property.default)}` : '';
    return `${name}${optional}: ${summarizeSchema(property, depth + 1)}${fallback}`;
  });
}

const ANNOTATIONS = new Set(['$schema', 'description', 'title', 'default', 'examples', '$defs', '$comment']);

function arrayType(schema: Schema, depth: number): string {
  if (Array.isArray(schema.prefixItems)) {
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const parts = schema.prefixItems.map((item, i) => `${summarizeSchema(item, depth + 1)}${i >= min ? '?' : ''}`);
    if (schema.items !== undefined && schema.items !== false) parts.push(`...${wrap(summarizeSchema(schema.items, depth + 1))}[]`);
    return `[${parts.join(', ')}]`;
  }
  return `${wrap(summarizeSchema(schema.items ?? true, depth + 1))}[]`;
}

function objectType(schema: Schema, depth: number): string {
  const entries = summarizeProperties(schema, depth);
  const extra = schema.additionalProperties;
  if (entries.length === 0) {
    if (isSchema(extra) || extra === true) return `Record<string, ${summarizeSchema(extra, depth + 1)}>`;
    return extra === false ? '{}' : 'object';
  }
  if (depth >= MAX_DEPTH) return '{…}';
  return `{ ${entries.join('; ')} }`;
}

function wrap(text: string): string {
  return /[|&]/.test(text) ? `(${text})` : text;
}

function literal(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
