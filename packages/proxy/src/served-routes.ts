import { ToolResult, type Armature, type DefinitionCompleter, type RequestContext } from '@armature/core';
import {
  UriTemplate,
  type CallToolResult,
  type Client,
  type Prompt,
  type Resource,
  type ResourceTemplateType,
  type Tool,
} from '@modelcontextprotocol/client';
import { DownstreamAskFailed } from './active-calls';
import type { MountNaming } from './mount-naming';
import { isServed, type NamePattern } from './name-filter';
import { toolFailure, wireFailure } from './refusal-answers';
import { forward, type CallEnvironment } from './upstream-call';
import { callToolUpstream } from './upstream-requests';

type Kind = 'tools' | 'prompts' | 'resources';

/** What the catalog needs besides the app: naming, filters, the call environment, a log. */
export interface CatalogSettings {
  readonly naming: MountNaming;
  readonly include: readonly NamePattern[] | undefined;
  readonly exclude: readonly NamePattern[] | undefined;
  readonly env: CallEnvironment;
  readonly label: string;
  readonly warn: (message: string, error?: unknown) => void;
}

/** Served entries of one kind: served key → the upstream entry's JSON (to notice a change). */
type Served = Map<string, string>;

/**
 * The upstream's tools, prompts, resources and resource templates, served through the app's
 * registries under the mount's names: re-read on connect and on each upstream list_changed,
 * registering what is new or changed and removing what is gone (each change makes the app
 * send its own list_changed downstream). Entries whose name clashes with one of the app's
 * are skipped with a warning.
 */
export class ServedRoutes {
  private readonly served: Record<Kind | 'templates', Served> = {
    tools: new Map(),
    prompts: new Map(),
    resources: new Map(),
    templates: new Map(),
  };

  constructor(
    private readonly app: Armature,
    private readonly settings: CatalogSettings,
  ) {}

  /** Re-reads the lists the upstream serves. */
  async refresh(client: Client, kinds: readonly Kind[] = ['tools', 'prompts', 'resources']): Promise<void> {
    const caps = client.getServerCapabilities() ?? {};
    const listOptions = { cacheMode: 'bypass' as const, timeout: this.settings.env.timeoutMs };
    if (kinds.includes('tools')) {
      const tools = caps.tools ? (await client.listTools(undefined, listOptions)).tools : [];
      this.sync(
        'tools',
        tools,
        (t) => t.name,
        (served, tool) => this.registerTool(served, tool),
      );
    }
    if (kinds.includes('prompts')) {
      const prompts = caps.prompts ? (await client.listPrompts(undefined, listOptions)).prompts : [];
      this.sync(
        'prompts',
        prompts,
        (p) => p.name,
        (served, prompt) => this.registerPrompt(served, prompt, Boolean(caps.completions)),
      );
    }
    if (kinds.includes('resources')) {
      const resources = caps.resources ? (await client.listResources(undefined, listOptions)).resources : [];
      const templates = caps.resources ? (await client.listResourceTemplates(undefined, listOptions)).resourceTemplates : [];
      this.sync(
        'resources',
        resources,
        (r) => r.uri,
        (served, resource) => this.registerResource(served, resource),
      );
      this.sync(
        'templates',
        templates,
        (t) => t.uriTemplate,
        (served, template) => this.registerTemplate(served, template, Boolean(caps.completions)),
      );
    }
  }

  /** The upstream URIs of the fixed resources being served (what the proxy follows for updates). */
  servedResourceUris(): string[] {
    return [...this.served.resources.keys()].map((served) => this.settings.naming.upstreamUri(served) ?? served);
  }

  /** Stops serving everything this catalog registered. */
  removeAll(): void {
    for (const name of this.served.tools.keys()) this.app.tools.remove(name);
    for (const name of this.served.prompts.keys()) this.app.prompts.remove(name);
    for (const uri of [...this.served.resources.keys(), ...this.served.templates.keys()]) this.app.resources.remove(uri);
    for (const served of Object.values(this.served)) served.clear();
  }

  private sync<T>(
    kind: Kind | 'templates',
    entries: readonly T[],
    key: (entry: T) => string,
    register: (served: string, entry: T) => void,
  ): void {
    const { naming, include, exclude } = this.settings;
    const desired = new Map<string, { entry: T; json: string }>();
    for (const entry of entries) {
      const upstream = key(entry);
      if (!isServed(upstream, include, exclude)) continue;
      const served = kind === 'tools' || kind === 'prompts' ? naming.servedName(upstream) : naming.servedUri(upstream);
      if (served === undefined) {
        this.settings.warn(
          `${this.settings.label}: not serving ${kind} ${JSON.stringify(upstream.slice(0, 200))} (no URI scheme to prefix)`,
        );
        continue;
      }
      desired.set(served, { entry, json: JSON.stringify(entry) });
    }
    const current = this.served[kind];
    for (const [served, json] of current) {
      if (desired.get(served)?.json === json) continue;
      this.remove(kind, served);
      current.delete(served);
    }
    for (const [served, { entry, json }] of desired) {
      if (current.has(served)) continue;
      try {
        register(served, entry);
        current.set(served, json);
      } catch (error) {
        this.settings.warn(`${this.settings.label}: not serving ${kind} ${JSON.stringify(served.slice(0, 200))}`, error);
      }
    }
  }

  private remove(kind: Kind | 'templates', served: string): void {
    if (kind === 'tools') this.app.tools.remove(served);
    else if (kind === 'prompts') this.app.prompts.remove(served);
    else this.app.resources.remove(served);
  }

  private registerTool(served: string, tool: Tool): void {
    const { env, label } = this.settings;
    const hasOutputSchema = tool.outputSchema !== undefined;
    const definition = {
      name: served,
      ...optional({
        title: tool.title,
        description: tool.description,
        icons: tool.icons,
        annotations: tool.annotations,
        _meta: tool._meta,
      }),
      inputSchema: tool.inputSchema as Record<string, unknown>,
      ...(hasOutputSchema ? { outputSchema: tool.outputSchema as Record<string, unknown> } : {}),
      handler: async (args: Record<string, unknown>, ctx: RequestContext): Promise<ToolResult> => {
        try {
          const result = await forward(env, ctx, { name: tool.name, arguments: args }, (client, params, options) =>
            callToolUpstream(client, tool, params, options),
          );
          // Branded: the kernel's result shaping passes the upstream's result through unchanged.
          return ToolResult(result as CallToolResult as Parameters<typeof ToolResult>[0]);
        } catch (error) {
          if (error instanceof DownstreamAskFailed) throw error.cause;
          return toolFailure(error, label, hasOutputSchema);
        }
      },
    };
    this.app.tools.register(definition);
  }

  private registerPrompt(served: string, prompt: Prompt, completions: boolean): void {
    const { label } = this.settings;
    const names = (prompt.arguments ?? []).map((a) => a.name);
    this.app.prompts.register({
      name: served,
      ...optional({
        title: prompt.title,
        description: prompt.description,
        icons: prompt.icons,
        _meta: prompt._meta,
        arguments: prompt.arguments,
      }),
      handler: (args, ctx) =>
        this.forwardOrFail(ctx, { name: prompt.name, arguments: { ...args } }, (c, p, o) => c.getPrompt(p as { name: string }, o), label),
      ...(completions ? { complete: this.completers(names, { type: 'ref/prompt', name: prompt.name }) } : {}),
    });
  }

  private registerResource(served: string, resource: Resource): void {
    const { label, naming } = this.settings;
    this.app.resources.register({
      uri: served,
      ...optional({
        name: resource.name,
        title: resource.title,
        description: resource.description,
        mimeType: resource.mimeType,
        size: resource.size,
        annotations: resource.annotations,
        icons: resource.icons,
        _meta: resource._meta,
      }),
      handler: async (ctx) =>
        naming.servedContents(
          await this.forwardOrFail(ctx, { uri: resource.uri }, (c, p, o) => c.readResource(p as { uri: string }, o), label),
        ),
    });
  }

  private registerTemplate(served: string, template: ResourceTemplateType, completions: boolean): void {
    const { label, naming } = this.settings;
    const upstream = new UriTemplate(template.uriTemplate);
    this.app.resources.register({
      uriTemplate: served,
      ...optional({
        name: template.name,
        title: template.title,
        description: template.description,
        mimeType: template.mimeType,
        annotations: template.annotations,
        icons: template.icons,
        _meta: template._meta,
      }),
      handler: async (variables, ctx) => {
        const uri = upstream.expand(variables as Record<string, string | string[]>);
        return naming.servedContents(await this.forwardOrFail(ctx, { uri }, (c, p, o) => c.readResource(p as { uri: string }, o), label));
      },
      ...(completions ? { complete: this.completers(upstream.variableNames, { type: 'ref/resource', uri: template.uriTemplate }) } : {}),
    });
  }

  /** Completers forwarding `completion/complete` for each argument or variable to the upstream's reference. */
  private completers(names: readonly string[], ref: Record<string, string>): Record<string, DefinitionCompleter> {
    const entries = names.map((name): [string, DefinitionCompleter] => [
      name,
      async (value, context) => {
        const result = (await this.forwardOrFail(
          context.request,
          { ref, argument: { name, value }, context: { arguments: { ...context.arguments } } },
          (c, p, o) => c.complete(p as never, o),
          this.settings.label,
        )) as { completion: { values: string[]; total?: number; hasMore?: boolean } };
        return result.completion;
      },
    ]);
    return Object.fromEntries(entries);
  }

  /** Forwards a request that answers with a JSON-RPC error when it fails (resources, prompts, completion). */
  private async forwardOrFail(
    ctx: RequestContext,
    params: Record<string, unknown>,
    send: Parameters<typeof forward>[3],
    label: string,
  ): Promise<unknown> {
    try {
      return await forward(this.settings.env, ctx, params, send);
    } catch (error) {
      if (error instanceof DownstreamAskFailed) throw error.cause;
      throw wireFailure(error, label);
    }
  }
}

/** Only the fields that are set (the registries take optional fields, not `undefined` ones). */
function optional<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
