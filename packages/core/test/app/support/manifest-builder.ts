import type { JsonSchema } from '../../../src/metadata/handler-metadata.types';
import type {
  BuiltElicitForm,
  BuiltManifest,
  BuiltManifestMethod,
  InlineManifest,
  ManifestHandler,
  ManifestMethod,
  ManifestParam,
} from '../../../src/manifest/manifest.types';
import { encodeParamList } from '../../../src/manifest/param-list-text';

/** A manifest with one entry per class, in the inline form a test may pass to `Armature.create` (tests only). */
export function manifestFor(classes: Record<string, Record<string, ManifestMethod>>): InlineManifest {
  const handlers: Record<string, { className: string; methods: Record<string, ManifestMethod> }> = {};
  for (const [className, methods] of Object.entries(classes)) handlers[`test/${className}.js#${className}`] = { className, methods };
  return { armature: 1, generator: 'test', handlers };
}

/** Interns values by JSON text: the index of each distinct one in `values`. */
function interner<T>(): { values: T[]; ref: (value: T) => number } {
  const values: T[] = [];
  const byText = new Map<string, number>();
  return {
    values,
    ref(value) {
      const text = JSON.stringify(value);
      let index = byText.get(text);
      if (index === undefined) byText.set(text, (index = values.push(value) - 1));
      return index;
    },
  };
}

/**
 * The inline manifest in the form `armature build` writes (format 4): each distinct schema (as
 * its JSON text) and parameter list (as its short text when it fits one) once in `schemas` /
 * `paramLists`, methods referring to them by index (tests only).
 */
export function builtManifest(manifest: InlineManifest): BuiltManifest {
  const schemaTable = interner<JsonSchema>();
  const lists = interner<readonly ManifestParam[]>();
  const ref = (schema: JsonSchema | undefined): number | undefined => (schema === undefined ? undefined : schemaTable.ref(schema));
  const handlers: Record<string, ManifestHandler<BuiltManifestMethod>> = {};
  for (const [key, handler] of Object.entries(manifest.handlers)) {
    const methods: Record<string, BuiltManifestMethod> = {};
    for (const [name, { inputSchema, outputSchema, ...rest }] of Object.entries(handler.methods)) {
      const input = ref(inputSchema);
      const output = ref(outputSchema);
      const params = lists.ref(rest.params);
      methods[name] = {
        ...rest,
        params,
        ...(input === undefined ? {} : { inputSchema: input }),
        ...(output === undefined ? {} : { outputSchema: output }),
      };
    }
    handlers[key] = { ...handler, methods };
  }
  const { armature: _inline, handlers: _handlers, elicitForms: inlineForms, ...header } = manifest;
  const elicitForms: Record<string, BuiltElicitForm> = {};
  for (const [key, form] of Object.entries(inlineForms ?? {})) elicitForms[key] = { ...form, schema: schemaTable.ref(form.schema) };
  const schemas = schemaTable.values.map((schema) => JSON.stringify(schema));
  const paramLists = lists.values.map((list) => encodeParamList(list) ?? list);
  return { armature: 4, ...header, paramLists, schemas, handlers, ...(inlineForms === undefined ? {} : { elicitForms }) };
}

/** Shorthand: a string argument parameter. */
export function arg(index: number, name: string, required = true, extra: Record<string, unknown> = {}): ManifestMethod['params'][number] {
  return { index, name, role: 'argument', required, ...extra };
}

/** Shorthand: the RequestContext parameter. */
export function ctx(index: number, name = 'ctx'): ManifestMethod['params'][number] {
  return { index, name, role: 'context' };
}
