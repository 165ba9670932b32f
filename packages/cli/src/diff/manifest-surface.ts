import { fromManifestDocument, type JsonSchema, type ManifestDocument, type ManifestPromptArgument } from '@armature/schema';

/** A tool as clients see it, from a manifest. */
export interface SurfaceTool {
  readonly name: string;
  /** `<handler key>.<method>`: follows a tool through a rename. */
  readonly id: string;
  readonly inputSchema?: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly fingerprint?: string;
  readonly description?: string;
}

/** A resource or resource template (keyed by its URI or template). */
export interface SurfaceResource {
  readonly uri: string;
  readonly id: string;
}

/** A prompt and its arguments. */
export interface SurfacePrompt {
  readonly name: string;
  readonly id: string;
  readonly arguments: readonly ManifestPromptArgument[];
}

/** What a manifest promises clients: tools, resources, templates and prompts, by the names clients use. */
export interface ManifestSurface {
  readonly tools: ReadonlyMap<string, SurfaceTool>;
  readonly resources: ReadonlyMap<string, SurfaceResource>;
  readonly templates: ReadonlyMap<string, SurfaceResource>;
  readonly prompts: ReadonlyMap<string, SurfacePrompt>;
}

/**
 * The surface of a manifest document (`armature.manifest.json`). Names and URIs come from the
 * entries; a manifest written before they were recorded falls back to method names (tools,
 * prompts) and to the method for resources.
 */
export function surfaceOf(document: ManifestDocument): ManifestSurface {
  const manifest = fromManifestDocument(document);
  const tools = new Map<string, SurfaceTool>();
  const resources = new Map<string, SurfaceResource>();
  const templates = new Map<string, SurfaceResource>();
  const prompts = new Map<string, SurfacePrompt>();
  for (const [key, handler] of Object.entries(manifest.handlers)) {
    for (const [method, entry] of Object.entries(handler.methods)) {
      const id = `${key}.${method}`;
      const name = entry.name ?? method;
      if (entry.kind === 'tool') {
        tools.set(name, {
          name,
          id,
          ...(entry.inputSchema ? { inputSchema: entry.inputSchema } : {}),
          ...(entry.outputSchema ? { outputSchema: entry.outputSchema } : {}),
          ...(entry.fingerprint ? { fingerprint: entry.fingerprint } : {}),
          ...(entry.description ? { description: entry.description } : {}),
        });
      } else if (entry.kind === 'prompt') {
        prompts.set(name, { name, id, arguments: entry.arguments ?? [] });
      } else {
        const uri = entry.uri ?? `(${id})`;
        (entry.kind === 'resource' ? resources : templates).set(uri, { uri, id });
      }
    }
  }
  return { tools, resources, templates, prompts };
}
