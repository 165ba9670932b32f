import {
  MANIFEST_DOCUMENT_FORMAT,
  type JsonSchema,
  type Manifest,
  type ManifestDocument,
  type ManifestDocumentHandler,
  type ManifestDocumentMethod,
  type ManifestHandler,
  type ManifestMethod,
} from './manifest.types';

const SCHEMA_KEYS = ['inputSchema', 'outputSchema'] as const;

/**
 * The manifest as it is stored: every distinct schema (by exact JSON text, so key order
 * counts) once in `schemas`, in order of first use, and each method's `inputSchema` /
 * `outputSchema` replaced by its index there. Everything else keeps its order.
 */
export function toManifestDocument(manifest: Manifest): ManifestDocument {
  const schemas: JsonSchema[] = [];
  const indexByText = new Map<string, number>();
  const intern = (schema: JsonSchema): number => {
    const text = JSON.stringify(schema);
    let index = indexByText.get(text);
    if (index === undefined) {
      index = schemas.push(schema) - 1;
      indexByText.set(text, index);
    }
    return index;
  };
  const handlers: Record<string, ManifestDocumentHandler> = {};
  for (const [key, handler] of Object.entries(manifest.handlers)) {
    const methods: Record<string, ManifestDocumentMethod> = {};
    for (const [name, method] of Object.entries(handler.methods)) {
      const stored: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(method)) {
        stored[field] = (SCHEMA_KEYS as readonly string[]).includes(field) && value !== undefined ? intern(value as JsonSchema) : value;
      }
      methods[name] = stored as ManifestDocumentMethod;
    }
    handlers[key] = { ...handler, methods };
  }
  return {
    armature: MANIFEST_DOCUMENT_FORMAT,
    comment: manifest.comment,
    generator: manifest.generator,
    sourceHash: manifest.sourceHash,
    schemas,
    handlers,
  };
}

/**
 * The manifest with every schema written in place again (the form `scanProgram` returns),
 * for tools that read the file. Methods sharing a schema share the object. Throws a
 * `RangeError` for an index outside `schemas`.
 */
export function fromManifestDocument(document: ManifestDocument): Manifest {
  const handlers: Record<string, ManifestHandler> = {};
  for (const [key, handler] of Object.entries(document.handlers)) {
    const methods: Record<string, ManifestMethod> = {};
    for (const [name, method] of Object.entries(handler.methods)) {
      const inline: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(method)) {
        inline[field] = (SCHEMA_KEYS as readonly string[]).includes(field) && value !== undefined ? schemaAt(document, value, `${key} method ${name} ${field}`) : value;
      }
      methods[name] = inline as unknown as ManifestMethod;
    }
    handlers[key] = { ...handler, methods };
  }
  return { armature: 1, comment: document.comment, generator: document.generator, sourceHash: document.sourceHash, handlers };
}

function schemaAt(document: ManifestDocument, index: unknown, where: string): JsonSchema {
  const schema = Number.isInteger(index) ? document.schemas[index as number] : undefined;
  if (schema === undefined) throw new RangeError(`${where}: ${JSON.stringify(index)} is not an index of "schemas"`);
  return schema;
}
