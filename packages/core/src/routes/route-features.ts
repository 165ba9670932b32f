import type { ElicitForm } from '../context/elicit-form';
import type { SessionInfo, SessionScope } from '../context/request-context';
import { quotedEcho as quoted } from '../errors/client-text';
import { McpWireError } from '../errors/wire-error';
import type { CompletionsFeature, PromptsFeature, ResourcesFeature, ServerFeatures, ToolsFeature } from '../protocol/server-features';
import type { TaskManager } from '../task-runtime/task-manager';
import type { RouteTables } from './route-tables';
import { RouteWarmup } from './route-warmup';
import type { ScopedLists } from './scoped-lists';
import type { CompiledTool } from './tool.route';
import type { Tool } from '../wire/mcp-types.generated';

/** What `tools/list` answers in search mode (the `toolSearch` option): the routes to list and their entries, per table version. */
export interface SearchModeList {
  listRoutes(): { readonly routes: readonly CompiledTool[]; readonly entries: readonly Tool[] };
}

/** The client's already-resolved arguments, without undefined entries, on a prototype-free record. */
function definedValues(given: Readonly<Record<string, string | undefined>> | undefined): Readonly<Record<string, string>> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(given ?? {})) if (typeof value === 'string') out[key] = value;
  return out;
}

function toolsFeature(tables: RouteTables, scoped: ScopedLists, warmup: RouteWarmup, search: SearchModeList | undefined): ToolsFeature {
  return {
    list: (ctx) => {
      const routes = tables.tools.routes();
      // A client that lists tools calls some next: make their pipelines in idle time from now on.
      warmup.start(routes);
      if (search === undefined) return scoped.filter(routes, tables.tools.entries(), ctx.authInfo);
      // Search mode: the search tools and the pinned tools, filtered like the whole list.
      const listed = search.listRoutes();
      return scoped.filter(listed.routes, listed.entries, ctx.authInfo);
    },
    call: (name, args, ctx) => {
      const tool = tables.tools.get(name);
      if (!tool) throw McpWireError.invalidParams(`Unknown tool: ${quoted(name)}`);
      return tool.call(args, ctx);
    },
    inputSchema: (name) => tables.tools.get(name)?.listEntry.inputSchema,
    inputSchemaText: (name) => tables.tools.get(name)?.inputSchemaText,
    taskSupport: (name) => tables.tools.get(name)?.taskSupport,
    taskStart: (name) => tables.tools.get(name)?.taskStart,
    singleUseState: (name) => tables.tools.get(name)?.singleUseState === true,
  };
}

function resourcesFeature(tables: RouteTables, scoped: ScopedLists): ResourcesFeature {
  return {
    subscribe: true,
    list: (ctx) => scoped.filter(tables.resources.routes(), tables.resources.list(), ctx.authInfo),
    templates: (ctx) => scoped.filter(tables.templates.routes(), tables.templates.list(), ctx.authInfo),
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

function promptsFeature(tables: RouteTables, scoped: ScopedLists): PromptsFeature {
  return {
    list: (ctx) => scoped.filter(tables.prompts.routes(), tables.prompts.list(), ctx.authInfo),
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
 * Builds the `ServerFeatures` the engine serves from the app's route tables. Lists are
 * filtered to the routes whose required scopes the principal holds. A feature is
 * present when routes of its kind are registered (enabled or not), so capabilities are
 * derived from what the app serves. The same object is returned while that set of features
 * stays the same, so the engine's per-features caches keep hitting.
 */
export class AppFeatures {
  private cached: { readonly key: string; readonly features: ServerFeatures } | undefined;
  /** The tables' revision `cached` was checked against: connect() costs a number comparison. */
  private checkedAt = -1;
  /** Prepares tools in idle time after the first `tools/list` (see `route-warmup.ts`). */
  private readonly warmup = new RouteWarmup();

  constructor(
    private readonly tables: RouteTables,
    private readonly openSession: (session: SessionInfo) => SessionScope,
    private readonly scoped: ScopedLists,
    private readonly tasks: TaskManager,
    private readonly elicitForm: (key: string) => ElicitForm | undefined = () => undefined,
    /** Tool search (the `toolSearch` option), when on. */
    private readonly toolSearch?: SearchModeList,
  ) {}

  /** Stops idle preparation (the app is closing). */
  stopWarmup(): void {
    this.warmup.stop();
  }

  current(): ServerFeatures {
    const t = this.tables;
    const revision = t.revision;
    if (this.cached !== undefined && revision === this.checkedAt) return this.cached.features;
    this.checkedAt = revision;
    const has = {
      tools: t.tools.size > 0,
      resources: t.resources.size > 0 || t.templates.size > 0,
      prompts: t.prompts.size > 0,
      completions: t.hasCompleters(),
      // Task support is advertised only where it is served: when some tool may run as a task.
      tasks: t.tools.routes().some((tool) => tool.taskSupport !== 'forbidden'),
    };
    const key = `${+has.tools}${+has.resources}${+has.prompts}${+has.completions}${+has.tasks}`;
    if (this.cached?.key === key) return this.cached.features;
    const features: ServerFeatures = {
      ...(has.tools ? { tools: toolsFeature(t, this.scoped, this.warmup, this.toolSearch) } : {}),
      ...(has.resources ? { resources: resourcesFeature(t, this.scoped) } : {}),
      ...(has.prompts ? { prompts: promptsFeature(t, this.scoped) } : {}),
      ...(has.completions ? { completions: completionsFeature(t) } : {}),
      ...(has.tasks ? { tasks: this.tasks } : {}),
      openSession: this.openSession,
      elicitForm: this.elicitForm,
    };
    this.cached = { key, features };
    return features;
  }
}
