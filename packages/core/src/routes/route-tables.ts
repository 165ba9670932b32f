import type { Prompt, Resource, ResourceTemplate, Tool } from '../wire/mcp-types.generated';
import type { CompiledPrompt } from './prompt.route';
import type { CompiledResourceTemplate } from './resource-template.route';
import type { CompiledResource } from './resource.route';
import type { CompiledTool } from './tool.route';
import { RouteRegistry } from './route-registry';

/** Every route of an app, by kind. */
export class RouteTables {
  readonly tools = new RouteRegistry<CompiledTool, Tool>(
    'tool',
    (r) => r.name,
    (r) => r.listEntry,
    (r) => r.listJson,
  );
  readonly prompts = new RouteRegistry<CompiledPrompt, Prompt>(
    'prompt',
    (r) => r.name,
    (r) => r.listEntry,
  );
  readonly resources = new RouteRegistry<CompiledResource, Resource>(
    'resource',
    (r) => r.uri,
    (r) => r.listEntry,
  );
  readonly templates = new RouteRegistry<CompiledResourceTemplate, ResourceTemplate>(
    'resource template',
    (r) => r.uriTemplate,
    (r) => r.listEntry,
  );

  /** Grows with every change to any table (each registry's revision only grows). */
  get revision(): number {
    return this.tools.revision + this.prompts.revision + this.resources.revision + this.templates.revision;
  }

  /** Whether any prompt or template has a completer (the `completions` capability). */
  hasCompleters(): boolean {
    return (
      this.prompts.allRoutes().some((p) => p.source.completers.size > 0) ||
      this.templates.allRoutes().some((t) => t.source.completers.size > 0)
    );
  }
}
