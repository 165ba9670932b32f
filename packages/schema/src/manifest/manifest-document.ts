import { decodeParamList, encodeParamList } from '@armature/core/manifest';
import { setOwn } from '../convert/own-keys';
import {
  MANIFEST_DOCUMENT_FORMAT,
  type JsonSchema,
  type Manifest,
  type ManifestDocument,
  type ManifestDocumentHandler,
  type ManifestDocumentMethod,
  type ManifestElicitForm,
  type ManifestHandler,
  type ManifestMethod,
  type ManifestParam,
} from './manifest.types';

const SCHEMA_KEYS: readonly string[] = ['inputSchema', 'outputSchema'];

/** Distinct values by exact JSON text (so key order counts), in order of first use. */
class Interned<T> {
  readonly values: T[] = [];
  /** `texts[i]` is `JSON.stringify(values[i])`. */
  readonly texts: string[] = [];
  private readonly indexByText = new Map<string, number>();

  indexOf(value: T): number {
    const text = JSON.stringify(value);
    let index = this.indexByText.get(text);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.texts.push(text);
      this.indexByText.set(text, index);
    }
    return index;
  }
}

/**
 * The manifest as it is stored: every distinct schema once in `schemas` (as its JSON text, so
 * the runtime parses only the schemas a server uses), every distinct
 * parameter list once in `paramLists` (as its short text, `aquery!,cctx`, when it has no
 * defaults or descriptions: the runtime reads 10,000 of those far faster than objects), and
 * each method's `params`, `inputSchema` and `outputSchema` replaced by an index there.
 * Everything else keeps its order.
 */
export function toManifestDocument(manifest: Manifest): ManifestDocument {
  const schemas = new Interned<JsonSchema>();
  const paramLists = new Interned<readonly ManifestParam[]>();
  const handlers: Record<string, ManifestDocumentHandler> = {};
  for (const [key, handler] of Object.entries(manifest.handlers)) {
    const methods: Record<string, ManifestDocumentMethod> = {};
    for (const [name, method] of Object.entries(handler.methods)) {
      const stored: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(method)) {
        if (field === 'params') stored[field] = paramLists.indexOf(value as readonly ManifestParam[]);
        else stored[field] = SCHEMA_KEYS.includes(field) && value !== undefined ? schemas.indexOf(value as JsonSchema) : value;
      }
      setOwn(methods, name, stored as ManifestDocumentMethod);
    }
    setOwn(handlers, key, { ...handler, methods });
  }
  let elicitForms: Record<string, { source: string; schema: number }> | undefined;
  for (const [key, form] of Object.entries(manifest.elicitForms ?? {})) {
    elicitForms ??= {};
    setOwn(elicitForms, key, { source: form.source, schema: schemas.indexOf(form.schema) });
  }
  return {
    armature: MANIFEST_DOCUMENT_FORMAT,
    comment: manifest.comment,
    generator: manifest.generator,
    sourceHash: manifest.sourceHash,
    paramLists: paramLists.values.map((list) => encodeParamList(list) ?? list),
    schemas: schemas.texts,
    handlers,
    ...(elicitForms === undefined ? {} : { elicitForms }),
    ...(manifest.modules === undefined ? {} : { modules: manifest.modules }),
  };
}

/**
 * The manifest with every parameter list and schema written in place again (the form
 * `scanProgram` returns), for tools that read the file. Methods sharing an entry share the
 * object. Throws a `RangeError` for an index outside its table, a `SyntaxError` for a schema
 * text that is not JSON.
 */
export function fromManifestDocument(document: ManifestDocument): Manifest {
  const schemas = document.schemas.map((text) => JSON.parse(text) as JsonSchema);
  const paramLists = document.paramLists.map((list) =>
    typeof list === 'string' ? (decodeParamList(list) as readonly ManifestParam[]) : list,
  );
  const handlers: Record<string, ManifestHandler> = {};
  for (const [key, handler] of Object.entries(document.handlers)) {
    const methods: Record<string, ManifestMethod> = {};
    for (const [name, method] of Object.entries(handler.methods)) {
      const inline: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(method)) {
        const where = `${key} method ${name} ${field}`;
        if (field === 'params') inline[field] = entryAt(paramLists, 'paramLists', value, where);
        else inline[field] = SCHEMA_KEYS.includes(field) && value !== undefined ? entryAt(schemas, 'schemas', value, where) : value;
      }
      setOwn(methods, name, inline as unknown as ManifestMethod);
    }
    setOwn(handlers, key, { ...handler, methods });
  }
  let elicitForms: Record<string, ManifestElicitForm> | undefined;
  for (const [key, form] of Object.entries(document.elicitForms ?? {})) {
    elicitForms ??= {};
    setOwn(elicitForms, key, { source: form.source, schema: entryAt(schemas, 'schemas', form.schema, `elicitForms ${key}`) });
  }
  return {
    armature: 1,
    comment: document.comment,
    generator: document.generator,
    sourceHash: document.sourceHash,
    handlers,
    ...(elicitForms === undefined ? {} : { elicitForms }),
    ...(document.modules === undefined ? {} : { modules: document.modules }),
  };
}

function entryAt<T>(table: readonly T[], tableName: string, index: unknown, where: string): T {
  const entry = Number.isInteger(index) ? table[index as number] : undefined;
  if (entry === undefined) throw new RangeError(`${where}: ${JSON.stringify(index)} is not an index of "${tableName}"`);
  return entry;
}
