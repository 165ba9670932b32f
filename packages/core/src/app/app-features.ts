import type { SessionInfo, SessionScope } from '../context/request-context';
import { McpWireError } from '../errors/wire-error';
import type {
  CompletionsFeature,
  PromptsFeature,
  ResourcesFeature,
  ServerFeatures,
  ToolsFeature,
} from '../protocol/server-features';
import type { RouteTables } from './route-tables';

/** A client-sent name, quoted and cut short for an error message. */
function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);
}

/** The client's already-resolved arguments, without undefined entries, on a prototype-free record. */
function definedValues(given: Readonly<Record<string, string | undefined>> | undefined): Readonly<Record<string, string>> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(given ?? {})) if (typeof value === 'string') out[key] = value;
  return out;
}

function toolsFeature(tables: RouteTables): ToolsFeature {
  return {
    list: () => tables.tools.list(),
    call: (name, args, ctx) => {
      const tool = tables.tools.get(name);
      if (!tool) throw McpWireError.invalidParams(`Unknown tool: ${quoted(name)}`);
      return tool.call(args, ctx);
    },
  };
}

function resourcesFeature(tables: RouteTables): ResourcesFeature {
  return {
    subscribe: true,
    list: () => tables.resources.list(),
    templates: () => tables.templates.list(),
    read: (uri, ctx) => {
      const fixed = tables.resources.get(uri);
      if (fixed) return fixed.read(ctx);
      for (const template of tables.templates.routes()) {
        const values = template.matcher.match(uri);
        if (values) return template.read(uri, values, ctx);
      }
      throw McpWireError.resourceNotFound(uri);
    },
  };
}

function promptsFeature(tables: RouteTables): PromptsFeature {
  return {
    list: () => tables.prompts.list(),
    get: (name, args, ctx) => {
      const prompt = tables.prompts.get(name);
      if (!prompt) throw McpWireError.invalidParams(`Unknown prompt: ${quoted(name)}`);
      return prompt.get(args, ctx);
    },
  };
}

function completionsFeature(tables: RouteTables): CompletionsFeature {
  return {
    complete: async ({ ref, argument, context }, ctx) => {
      const resolved = definedValues(context?.arguments);
      if (ref.type === 'ref/prompt') {
        const prompt = tables.prompts.get(ref.name);
        if (!prompt) throw McpWireError.invalidParams(`Unknown prompt: ${quoted(ref.name)}`);
        return { completion: await prompt.complete(argument.name, argument.value, resolved, ctx) };
      }
      const template = tables.templates.get(ref.uri);
      if (template) return { completion: await template.complete(argument.name, argument.value, resolved, ctx) };
      if (tables.resources.get(ref.uri)) return { completion: { values: [], total: 0, hasMore: false } };
      throw McpWireError.invalidParams(`Unknown resource template: ${quoted(ref.uri)}`);
    },
  };
}

/**
 * Builds the `ServerFeatures` the engine serves from the app's route tables. A feature is
 * present when routes of its kind are registered (enabled or not), so capabilities are
 * derived from what the app serves. The same object is returned while that set of features
 * stays the same, so the engine's per-features caches keep hitting.
 */
export class AppFeatures {
  private cached: { readonly key: string; readonly features: ServerFeatures } | undefined;

  constructor(
    private readonly tables: RouteTables,
    private readonly openSession: (session: SessionInfo) => SessionScope,
  ) {}

  current(): ServerFeatures {
    const t = this.tables;
    const has = {
      tools: t.tools.keys().length > 0,
      resources: t.resources.keys().length > 0 || t.templates.keys().length > 0,
      prompts: t.prompts.keys().length > 0,
      completions: t.hasCompleters(),
    };
    const key = `${+has.tools}${+has.resources}${+has.prompts}${+has.completions}`;
    if (this.cached?.key === key) return this.cached.features;
    const features: ServerFeatures = {
      ...(has.tools ? { tools: toolsFeature(t) } : {}),
      ...(has.resources ? { resources: resourcesFeature(t) } : {}),
      ...(has.prompts ? { prompts: promptsFeature(t) } : {}),
      ...(has.completions ? { completions: completionsFeature(t) } : {}),
      openSession: this.openSession,
    };
    this.cached = { key, features };
    return features;
  }
}
