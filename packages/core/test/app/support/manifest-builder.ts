import type { JsonSchema } from '../../../src/metadata/handler-metadata.types';
import type { BuiltManifest, BuiltManifestMethod, InlineManifest, ManifestHandler, ManifestMethod } from '../../../src/manifest/manifest.types';

/** A manifest with one entry per class, in the inline form a test may pass to `Armature.create` (tests only). */
export function manifestFor(classes: Record<string, Record<string, ManifestMethod>>): InlineManifest {
  const handlers: Record<string, { className: string; methods: Record<string, ManifestMethod> }> = {};
  for (const [className, methods] of Object.entries(classes)) handlers[`test/${className}.js#${className}`] = { className, methods };
  return { armature: 1, generator: 'test', handlers };
}

/**
 * The inline manifest in the form `armature build` writes (format 2): each distinct schema
 * (by JSON text) once in `schemas`, methods referring to it by index (tests only).
 */
export function builtManifest(manifest: InlineManifest): BuiltManifest {
  const schemas: JsonSchema[] = [];
  const byText = new Map<string, number>();
  const ref = (schema: JsonSchema | undefined): number | undefined => {
    if (schema === undefined) return undefined;
    const text = JSON.stringify(schema);
    let index = byText.get(text);
    if (index === undefined) byText.set(text, (index = schemas.push(schema) - 1));
    return index;
  };
  const handlers: Record<string, ManifestHandler<BuiltManifestMethod>> = {};
  for (const [key, handler] of Object.entries(manifest.handlers)) {
    const methods: Record<string, BuiltManifestMethod> = {};
    for (const [name, { inputSchema, outputSchema, ...rest }] of Object.entries(handler.methods)) {
      const input = ref(inputSchema);
      const output = ref(outputSchema);
      methods[name] = { ...rest, ...(input === undefined ? {} : { inputSchema: input }), ...(output === undefined ? {} : { outputSchema: output }) };
    }
    handlers[key] = { ...handler, methods };
  }
  const { armature: _inline, handlers: _handlers, ...header } = manifest;
  return { armature: 2, ...header, schemas, handlers };
}

/** Shorthand: a string argument parameter. */
export function arg(index: number, name: string, required = true, extra: Record<string, unknown> = {}): ManifestMethod['params'][number] {
  return { index, name, role: 'argument', required, ...extra };
}

/** Shorthand: the RequestContext parameter. */
export function ctx(index: number, name = 'ctx'): ManifestMethod['params'][number] {
  return { index, name, role: 'context' };
}
