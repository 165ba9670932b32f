import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { JsonSchema } from '../metadata/handler-metadata.types';
import {
  INLINE_MANIFEST_FORMAT,
  MANIFEST_FORMAT_VERSION,
  type BuiltManifestMethod,
  type ManifestHandler,
  type ManifestMethod,
} from './manifest.types';
import { SchemaTable } from './schema-table';

const KINDS = new Set(['tool', 'prompt', 'resource', 'resourceTemplate']);
const ROLES = new Set(['argument', 'context', 'dto', 'variable']);
const SCHEMA_KEYS = ['inputSchema', 'outputSchema'] as const;

/** A checked manifest, whatever form it came in: schemas are indexes into `schemas`. */
export interface LoadedManifest {
  /** Keyed by `<compiled file relative to the manifest's folder>#<ClassName>`. */
  readonly handlers: { readonly [key: string]: ManifestHandler<BuiltManifestMethod> };
  readonly schemas: SchemaTable;
}

/**
 * Where a manifest comes from: a `file` must be in the format `armature build` writes now;
 * `code` (passed to `Armature.create`) may also be the inline form written by hand.
 */
export type ManifestOrigin = 'file' | 'code';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Fail = (why: string) => never;

/**
 * Checks the parts of a manifest the runtime relies on (a hand-edited, truncated or outdated
 * file must fail at boot with its location, not at the first call) and returns it in the
 * built form: an inline manifest's schemas are moved into a table (one entry per object).
 */
export function checkManifest(value: unknown, origin: string, from: ManifestOrigin = 'file'): LoadedManifest {
  const fail: Fail = (why) => {
    throw new ArmatureError(LocalErrorCode.MANIFEST_INVALID, `Invalid manifest ${origin}: ${why}. Regenerate it with \`armature build\`.`);
  };
  if (!isObject(value)) return fail('not a JSON object');
  const inline = from === 'code' && value.armature === INLINE_MANIFEST_FORMAT;
  if (value.armature !== MANIFEST_FORMAT_VERSION && !inline) {
    const older = typeof value.armature === 'number' && value.armature < MANIFEST_FORMAT_VERSION;
    return fail(`format version ${JSON.stringify(value.armature)}${older ? ', written by an older armature build' : ''}; this runtime reads version ${MANIFEST_FORMAT_VERSION}`);
  }
  if (!isObject(value.handlers)) return fail('"handlers" is not an object');
  checkHandlers(value.handlers, fail);
  if (inline) return tableInline(value.handlers as Record<string, ManifestHandler>, fail);
  const schemas = value.schemas;
  if (!Array.isArray(schemas)) return fail('"schemas" is not an array');
  schemas.forEach((schema: unknown, i) => isObject(schema) || fail(`"schemas"[${i}] is not an object`));
  const handlers = value.handlers as Record<string, ManifestHandler<BuiltManifestMethod>>;
  for (const [key, handler] of Object.entries(handlers)) {
    for (const [name, method] of Object.entries(handler.methods)) {
      for (const schemaKey of SCHEMA_KEYS) {
        const ref = method[schemaKey];
        if (ref !== undefined && !(Number.isInteger(ref) && ref >= 0 && ref < schemas.length)) {
          fail(`${key} method "${name}" "${schemaKey}" is not an index of "schemas"`);
        }
      }
    }
  }
  return { handlers, schemas: new SchemaTable(schemas as JsonSchema[]) };
}

function checkHandlers(handlers: Record<string, unknown>, fail: Fail): void {
  for (const [key, handler] of Object.entries(handlers)) {
    if (!isObject(handler) || typeof handler.className !== 'string' || !isObject(handler.methods)) {
      fail(`handler "${key}" lacks "className" or "methods"`);
    }
    for (const [name, method] of Object.entries((handler as { methods: Record<string, unknown> }).methods)) {
      const where = `${key} method "${name}"`;
      if (!isObject(method) || !KINDS.has(method.kind as string)) fail(`${where} has no valid "kind"`);
      const params = (method as Record<string, unknown>).params;
      if (!Array.isArray(params)) return fail(`${where} has no "params" array`);
      for (const param of params as unknown[]) {
        if (!isObject(param) || !Number.isInteger(param.index) || typeof param.name !== 'string' || !ROLES.has(param.role as string)) {
          fail(`${where} has a parameter without a valid index, name and role`);
        }
      }
    }
  }
}

/** The inline form in the built form: each schema object becomes a table entry (the same object once). */
function tableInline(handlers: Record<string, ManifestHandler>, fail: Fail): LoadedManifest {
  const schemas: JsonSchema[] = [];
  const indexOf = new Map<JsonSchema, number>();
  const built: Record<string, ManifestHandler<BuiltManifestMethod>> = {};
  for (const [key, handler] of Object.entries(handlers)) {
    const methods: Record<string, BuiltManifestMethod> = {};
    for (const [name, method] of Object.entries(handler.methods)) {
      const entry: Record<string, unknown> = { ...method };
      for (const schemaKey of SCHEMA_KEYS) {
        const schema = (method as ManifestMethod)[schemaKey];
        if (schema === undefined) continue;
        if (!isObject(schema)) fail(`${key} method "${name}" "${schemaKey}" is not an object`);
        let index = indexOf.get(schema);
        if (index === undefined) indexOf.set(schema, (index = schemas.push(schema) - 1));
        entry[schemaKey] = index;
      }
      methods[name] = entry as unknown as BuiltManifestMethod;
    }
    built[key] = { ...handler, methods };
  }
  return { handlers: built, schemas: new SchemaTable(schemas) };
}
