import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { JsonSchema } from '../metadata/handler-metadata.types';
import {
  INLINE_MANIFEST_FORMAT,
  MANIFEST_FORMAT_VERSION,
  OBJECT_SCHEMAS_MANIFEST_FORMAT,
  TEXT_SCHEMAS_MANIFEST_FORMAT,
  type BuiltElicitForm,
  type BuiltManifestMethod,
  type ManifestHandler,
  type ManifestMethod,
  type ManifestParam,
} from './manifest.types';
import { mapHandlers, methodAt, type Fail } from './manifest-handlers';
import { ParamList } from './param-list';
import { PARAM_LIST_TEXT } from './param-list-text';
import { SchemaTable } from './schema-table';

const ROLES = new Set(['argument', 'context', 'dto', 'variable']);
const SCHEMA_KEYS = ['inputSchema', 'outputSchema'] as const;

/**
 * A method of a checked manifest: its parameter list in place (methods with the same list
 * share the object), its schemas indexes into the manifest's {@link SchemaTable}.
 */
export type LoadedMethod = Omit<BuiltManifestMethod, 'params'> & { readonly params: ParamList };

/** A checked manifest, whatever form it came in. */
export interface LoadedManifest {
  /** Keyed by `<compiled file relative to the manifest's folder>#<ClassName>`. */
  readonly handlers: { readonly [key: string]: ManifestHandler<LoadedMethod> };
  readonly schemas: SchemaTable;
  /** Typed elicitation forms by key, each schema an index into `schemas`. */
  readonly elicitForms: ReadonlyMap<string, BuiltElicitForm>;
}

/**
 * Where a manifest comes from: a `file` must be in the format `armature build` writes now, and
 * its value was parsed for this call alone (its schemas are frozen in place); `code` (passed to
 * `Armature.create`) may also be the inline form written by hand, and is never changed.
 */
export type ManifestOrigin = 'file' | 'code';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIndex(value: unknown, length: number): boolean {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < length;
}

/**
 * Checks the parts of a manifest the runtime relies on (a hand-edited, truncated or outdated
 * file must fail at boot with its location, not at the first call) and returns it loaded:
 * parameter lists in place, schemas in a table (an inline manifest's schema objects are
 * moved there, one entry per object). Each distinct parameter list is checked once.
 */
export function checkManifest(value: unknown, origin: string, from: ManifestOrigin = 'file'): LoadedManifest {
  const fail: Fail = (why) => {
    throw new ArmatureError(LocalErrorCode.MANIFEST_INVALID, `Invalid manifest ${origin}: ${why}. Regenerate it with \`armature build\`.`);
  };
  if (!isObject(value)) return fail('not a JSON object');
  const inline = from === 'code' && value.armature === INLINE_MANIFEST_FORMAT;
  const listTexts = value.armature === MANIFEST_FORMAT_VERSION;
  const texts = listTexts || value.armature === TEXT_SCHEMAS_MANIFEST_FORMAT;
  if (!texts && value.armature !== OBJECT_SCHEMAS_MANIFEST_FORMAT && !inline) {
    const older = typeof value.armature === 'number' && value.armature < OBJECT_SCHEMAS_MANIFEST_FORMAT;
    return fail(
      `format version ${JSON.stringify(value.armature)}${older ? ', written by an older armature build' : ''}; this runtime reads versions ${OBJECT_SCHEMAS_MANIFEST_FORMAT} to ${MANIFEST_FORMAT_VERSION}`,
    );
  }
  if (!isObject(value.handlers)) return fail('"handlers" is not an object');
  if (inline) return loadInline(value.handlers, value.elicitForms, fail);
  return loadBuilt(value, value.handlers, fail, { owned: from === 'file', texts, listTexts, origin });
}

function checkParams(params: unknown, where: string, fail: Fail): readonly ManifestParam[] {
  if (!Array.isArray(params)) return fail(`${where} is not an array`);
  for (const param of params as unknown[]) {
    if (!isObject(param) || !Number.isInteger(param.index) || typeof param.name !== 'string' || !ROLES.has(param.role as string)) {
      fail(`${where} has a parameter without a valid index, name and role`);
    }
  }
  return params as readonly ManifestParam[];
}

/** How a built manifest's schemas are held. */
interface BuiltForm {
  /** The value was parsed from a file just now: its schema objects are frozen in place, not copied. */
  readonly owned: boolean;
  /** Formats 3 and 4: schemas are JSON texts, parsed when first used (their text is checked then). */
  readonly texts: boolean;
  /** Format 4: a parameter list may be its short text (`aquery!,cctx`). */
  readonly listTexts: boolean;
  readonly origin: string;
}

function loadBuilt(value: Record<string, unknown>, rawHandlers: Record<string, unknown>, fail: Fail, form: BuiltForm): LoadedManifest {
  const { schemas, paramLists } = value;
  if (!Array.isArray(schemas)) return fail('"schemas" is not an array');
  // A text is not parsed here (that is the point of format 3): only its first character is checked.
  // Plain indexed loops, and messages built only for a failure: a boot checks thousands of entries.
  for (let i = 0; i < schemas.length; i++) {
    const schema: unknown = schemas[i];
    if (form.texts) {
      if (typeof schema !== 'string' || !schema.startsWith('{')) fail(`"schemas"[${i}] is not the JSON text of an object`);
    } else if (!isObject(schema)) fail(`"schemas"[${i}] is not an object`);
  }
  if (!Array.isArray(paramLists)) return fail('"paramLists" is not an array');
  const lists: ParamList[] = new Array<ParamList>(paramLists.length);
  for (let i = 0; i < paramLists.length; i++) lists[i] = loadParamList(paramLists[i], i, form.listTexts, fail);
  const handlers = mapHandlers(rawHandlers, fail, form.owned, (method, where): LoadedMethod => {
    checkSensitive(method.sensitive, where, fail);
    if (!isIndex(method.params, lists.length)) fail(`${methodAt(where)} "params" is not an index of "paramLists"`);
    if (method.inputSchema !== undefined && !isIndex(method.inputSchema, schemas.length))
      fail(`${methodAt(where)} "inputSchema" is not an index of "schemas"`);
    if (method.outputSchema !== undefined && !isIndex(method.outputSchema, schemas.length))
      fail(`${methodAt(where)} "outputSchema" is not an index of "schemas"`);
    const params = lists[method.params as number] as ParamList;
    // An owned entry takes its list in place; one passed in code is copied, never changed.
    if (!form.owned) return { ...(method as unknown as BuiltManifestMethod), params };
    method.params = params;
    return method as unknown as LoadedMethod;
  });
  const elicitForms = new Map<string, BuiltElicitForm>();
  forEachForm(value.elicitForms, fail, (key, raw) => {
    if (!isIndex(raw.schema, schemas.length)) fail(`"elicitForms" ${JSON.stringify(key)} "schema" is not an index of "schemas"`);
    elicitForms.set(key, { source: typeof raw.source === 'string' ? raw.source : undefined, schema: raw.schema as number });
  });
  return { handlers, schemas: new SchemaTable(schemas as (JsonSchema | string)[], form.owned, form.origin), elicitForms };
}

/** Redaction paths are trusted by the audit stream: anything but a list of JSON Pointers is refused at boot. */
function checkSensitive(paths: unknown, where: Parameters<typeof methodAt>[0], fail: Fail): void {
  if (paths === undefined) return;
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && (p === '' || p.startsWith('/'))))
    fail(`${methodAt(where)} "sensitive" is not a list of JSON Pointers`);
}

/** A stored parameter list: its objects (checked), or in format 4 its short text (checked by pattern, decoded on use). */
function loadParamList(list: unknown, index: number, texts: boolean, fail: Fail): ParamList {
  if (typeof list !== 'string' || !texts) return new ParamList(checkParams(list, `"paramLists"[${index}]`, fail));
  if (!PARAM_LIST_TEXT.test(list)) fail(`"paramLists"[${index}] is not a parameter list text (like "aquery!,alimit?,cctx")`);
  return new ParamList(list);
}

/** The inline form loaded: each schema object becomes a table entry (the same object once). */
function loadInline(rawHandlers: Record<string, unknown>, rawForms: unknown, fail: Fail): LoadedManifest {
  const schemas: JsonSchema[] = [];
  const indexOf = new Map<JsonSchema, number>();
  const handlers = mapHandlers(rawHandlers, fail, false, (raw, where): LoadedMethod => {
    const method = raw as unknown as ManifestMethod;
    const entry: Record<string, unknown> = {
      ...method,
      params: new ParamList(checkParams(method.params, `${methodAt(where)} "params"`, fail)),
    };
    for (const schemaKey of SCHEMA_KEYS) {
      const schema = method[schemaKey];
      if (schema === undefined) continue;
      if (!isObject(schema)) fail(`${methodAt(where)} "${schemaKey}" is not an object`);
      let index = indexOf.get(schema);
      if (index === undefined) indexOf.set(schema, (index = schemas.push(schema) - 1));
      entry[schemaKey] = index;
    }
    return entry as unknown as LoadedMethod;
  });
  const elicitForms = new Map<string, BuiltElicitForm>();
  forEachForm(rawForms, fail, (key, raw) => {
    if (!isObject(raw.schema)) fail(`"elicitForms" ${JSON.stringify(key)} "schema" is not an object`);
    const schema = schemas.push(raw.schema as JsonSchema) - 1;
    elicitForms.set(key, { source: typeof raw.source === 'string' ? raw.source : undefined, schema });
  });
  return { handlers, schemas: new SchemaTable(schemas), elicitForms };
}

/** Calls `each` for every entry of a manifest's `elicitForms` (absent: none), failing on a malformed one. */
function forEachForm(raw: unknown, fail: Fail, each: (key: string, form: Record<string, unknown>) => void): void {
  if (raw === undefined) return;
  if (!isObject(raw)) fail('"elicitForms" is not an object');
  for (const [key, form] of Object.entries(raw as Record<string, unknown>)) {
    if (!isObject(form)) fail(`"elicitForms" ${JSON.stringify(key)} is not an object`);
    each(key, form as Record<string, unknown>);
  }
}
