import * as fs from 'node:fs';
import { parse as parseYaml } from 'yaml';

/** A JSON Schema object as OpenAPI 3.0 and 3.1 write it (only the keywords the generator reads). */
export type OpenApiSchema = boolean | { readonly [keyword: string]: unknown };

/** The parsed document: only its shape is checked here; what each part means is read where it is used. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info?: { readonly title?: string; readonly version?: string };
  readonly servers?: readonly { readonly url?: string }[];
  readonly paths?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** A document the generator cannot read or does not support; its message names the place. */
export class OpenApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpenApiError';
  }
}

/** Reads an OpenAPI 3.0 or 3.1 document from a `.json`, `.yaml` or `.yml` file. */
export function readOpenApiDocument(file: string): OpenApiDocument {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new OpenApiError(`cannot read ${file}.`);
  }
  let parsed: unknown;
  try {
    // YAML 1.2 is a superset of JSON, but JSON.parse is exact and fast for .json files.
    parsed = /\.json$/i.test(file) ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new OpenApiError(`${file} is not valid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}: ${(error as Error).message.split('\n')[0]}`);
  }
  return checkDocument(parsed, file);
}

/** Checks the version and the top-level shape. */
export function checkDocument(parsed: unknown, origin: string): OpenApiDocument {
  if (!isObject(parsed)) throw new OpenApiError(`${origin} is not an OpenAPI document (no top-level object).`);
  const version = parsed.openapi;
  if (typeof version !== 'string' || !/^3\.[01]\.\d+/.test(version)) {
    const found = typeof parsed.swagger === 'string' ? `Swagger ${parsed.swagger}` : JSON.stringify(version ?? null);
    throw new OpenApiError(`${origin}: only OpenAPI 3.0 and 3.1 are supported, found ${found}.`);
  }
  if (parsed.paths !== undefined && !isObject(parsed.paths)) throw new OpenApiError(`${origin}: "paths" must be an object.`);
  return parsed as unknown as OpenApiDocument;
}

/** True for a plain object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Follows a local `$ref` (`#/components/…`) to what it points at; a reference to another file
 * or URL is refused, since a build must not fetch.
 */
export function resolvePointer(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new OpenApiError(`only local references (#/…) are supported, not "${ref.slice(0, 200)}".`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) || !Object.hasOwn(node, key)) throw new OpenApiError(`the reference "${ref}" points at nothing.`);
    node = node[key];
  }
  return node;
}

/** Follows `$ref`s (bounded: a cycle of references to references is an error) to an object. */
export function deref(document: OpenApiDocument, value: unknown): Record<string, unknown> {
  let node = value;
  for (let hops = 0; hops < 32; hops++) {
    if (!isObject(node)) throw new OpenApiError('expected an object in the document.');
    if (typeof node.$ref !== 'string') return node;
    node = resolvePointer(document, node.$ref);
  }
  throw new OpenApiError('a chain of references is longer than 32 or loops.');
}
