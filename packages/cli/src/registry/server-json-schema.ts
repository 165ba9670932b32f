import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** The registry's `server.json` schema, vendored in this package (see `schemas/registry/README.md`). */
export const SERVER_SCHEMA_FILE = path.join(__dirname, '..', '..', '..', 'schemas', 'registry', 'server.schema.json');

let compiled: ValidateFunction | undefined;

/** The compiled registry schema (draft-07), once per process. */
function validator(): ValidateFunction {
  if (compiled) return compiled;
  // strict off: the registry's schema carries OpenAPI's `example` and `discriminator` keywords.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  compiled = ajv.compile(JSON.parse(fs.readFileSync(SERVER_SCHEMA_FILE, 'utf8')) as object);
  return compiled;
}

/** One way a generated `server.json` breaks the registry's schema, by the package.json field to fix. */
export interface ServerJsonIssue {
  /** The package.json field the value came from, e.g. `armature.registry.name`. */
  readonly field: string;
  /** Where in `server.json`, as a JSON pointer (`/packages/0/transport`). */
  readonly pointer: string;
  readonly message: string;
}

/** At most this many issues are reported per build: an `anyOf` miss can produce dozens. */
const MAX_ISSUES = 5;

/** Validates `document` against the vendored schema; the issues name the package.json field to fix. */
export function checkServerJson(document: unknown, origins: ReadonlyMap<string, string>): readonly ServerJsonIssue[] {
  const validate = validator();
  if (validate(document)) return [];
  return pickIssues(validate.errors ?? []).map((error) => {
    const pointer =
      error.instancePath === '' && error.keyword === 'required' ? `/${String(error.params.missingProperty)}` : error.instancePath;
    const top = pointer.split('/')[1] ?? '';
    const origin = origins.get(top) ?? (top === 'name' ? 'armature.registry.name' : top === 'description' ? 'description' : top);
    const rest = pointer.split('/').slice(2);
    const field = rest.length > 0 && origin.startsWith('armature.registry') ? `${origin}${rest.map(segment).join('')}` : origin;
    return { field, pointer: pointer || '/', message: describe(error) };
  });
}

/** The deepest errors first (the branch that came closest), without `anyOf`/`oneOf` summaries, deduplicated. */
function pickIssues(errors: readonly ErrorObject[]): ErrorObject[] {
  const specific = errors.filter((e) => !['anyOf', 'oneOf', 'allOf', 'if', 'not'].includes(e.keyword) || errors.length === 1);
  const pool = specific.length > 0 ? specific : [...errors];
  const seen = new Set<string>();
  const picked: ErrorObject[] = [];
  for (const error of [...pool].sort((a, b) => depth(b) - depth(a))) {
    const key = `${error.instancePath} ${describe(error)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(error);
    if (picked.length === MAX_ISSUES) break;
  }
  return picked;
}

function depth(error: ErrorObject): number {
  return error.instancePath.split('/').length;
}

function segment(part: string): string {
  return /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
}

function describe(error: ErrorObject): string {
  if (error.keyword === 'required') return `is required (missing "${String(error.params.missingProperty)}")`;
  if (error.keyword === 'pattern') return `must match ${String(error.params.pattern)}`;
  if (error.keyword === 'enum')
    return `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return error.message ?? error.keyword;
}
