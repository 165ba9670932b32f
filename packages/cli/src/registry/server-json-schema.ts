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
  return pickIssues(validate.errors ?? []).map(({ pointer, message }) => {
    const top = pointer.split('/')[1] ?? '';
    const origin = origins.get(top) ?? (top === 'name' ? 'armature.registry.name' : top === 'description' ? 'description' : top);
    const rest = pointer.split('/').slice(2);
    const field = rest.length > 0 && origin.startsWith('armature.registry') ? `${origin}${rest.map(segment).join('')}` : origin;
    return { field, pointer: pointer || '/', message };
  });
}

/** Where an error points: a missing property counts as the property's own place. */
function pointerOf(error: ErrorObject): string {
  return error.keyword === 'required' ? `${error.instancePath}/${String(error.params.missingProperty)}` : error.instancePath;
}

/**
 * One message per place, for the deepest places of each top-level field (the `anyOf` branch
 * that came closest), with the allowed values of sibling `enum` branches merged.
 */
function pickIssues(errors: readonly ErrorObject[]): { pointer: string; message: string }[] {
  const specific = errors.filter((e) => !['anyOf', 'oneOf', 'allOf', 'if', 'not'].includes(e.keyword));
  const pool = specific.length > 0 ? specific : [...errors];
  const deepest = new Map<string, number>();
  for (const error of pool) {
    const top = pointerOf(error).split('/')[1] ?? '';
    deepest.set(top, Math.max(deepest.get(top) ?? 0, depth(pointerOf(error))));
  }
  const byPointer = new Map<string, ErrorObject[]>();
  for (const error of pool) {
    const pointer = pointerOf(error);
    if (depth(pointer) !== deepest.get(pointer.split('/')[1] ?? '')) continue;
    byPointer.set(pointer, [...(byPointer.get(pointer) ?? []), error]);
  }
  return [...byPointer.entries()].slice(0, MAX_ISSUES).map(([pointer, group]) => ({ pointer, message: describeGroup(group) }));
}

function describeGroup(group: readonly ErrorObject[]): string {
  const enums = group.filter((e) => e.keyword === 'enum');
  if (enums.length > 0) {
    const allowed = enums.flatMap((e) => e.params.allowedValues as unknown[]);
    return `must be one of ${[...new Set(allowed)].map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return [...new Set(group.map(describe))].join('; ');
}

function depth(pointer: string): number {
  return pointer.split('/').length;
}

function segment(part: string): string {
  return /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
}

function describe(error: ErrorObject): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'pattern') return `must match ${String(error.params.pattern)}`;
  if (error.keyword === 'enum')
    return `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return error.message ?? error.keyword;
}
