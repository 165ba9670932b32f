import type { Resource, ResourceTemplate } from '../wire/mcp-types.generated';
import type { RouteSource } from '../routes/route-source';
import { compileOrThrow, handlerSources, type AppRuntime } from './runtime-routes';
import { resourceDefinitionSource, templateDefinitionSource } from './definition-source';
import type { ResourceDefinition, ResourceTemplateDefinition } from './route-definitions';

const RESOURCE_KINDS = new Set(['resource', 'resourceTemplate'] as const);

function definitionSource(value: object): RouteSource | undefined {
  if (value.constructor !== Object || typeof (value as { handler?: unknown }).handler !== 'function') return undefined;
  if (typeof (value as ResourceDefinition).uri === 'string') return resourceDefinitionSource(value as ResourceDefinition);
  if (typeof (value as ResourceTemplateDefinition).uriTemplate === 'string')
    return templateDefinitionSource(value as ResourceTemplateDefinition);
  return undefined;
}

/**
 * `app.resources`: fixed resources (keyed by URI) and templates (keyed by their URI
 * template). Every change pushes `notifications/resources/list_changed`; `notifyUpdated`
 * pushes `notifications/resources/updated` to the sessions subscribed to a URI.
 */
export class ResourceRegistry {
  /** @internal */
  constructor(
    private readonly runtime: AppRuntime,
    private readonly updated: (uri: string) => void,
  ) {}

  /**
   * Adds resources and templates: a `ResourceDefinition` ({ uri, handler, … }), a
   * `ResourceTemplateDefinition` ({ uriTemplate, handler, … }), an instance of a class with
   * `@Resource`/`@ResourceTemplate` methods, or such a class without constructor arguments.
   * All or nothing. Returns the URIs and URI templates added.
   */
  register(definition: ResourceDefinition): readonly string[];
  register(definition: ResourceTemplateDefinition): readonly string[];
  register(handler: object): readonly string[];
  register(target: ResourceDefinition | ResourceTemplateDefinition | object): readonly string[] {
    this.runtime.assertOpen('register a resource');
    const single = definitionSource(target);
    const sources = single ? [single] : handlerSources(this.runtime, target, RESOURCE_KINDS, 'resource');
    const { resources, templates } = compileOrThrow(this.runtime, sources);
    this.runtime.tables.resources.add(resources);
    this.runtime.tables.templates.add(templates);
    this.runtime.listChanged('resources');
    return [...resources.map((r) => r.uri), ...templates.map((t) => t.uriTemplate)];
  }

  /** Removes a resource (by URI) or template (by URI template); throws `ARM_ERR_NOT_REGISTERED` if neither. */
  remove(uriOrTemplate: string): void {
    this.tableOf(uriOrTemplate).remove(uriOrTemplate);
    this.runtime.listChanged('resources');
  }

  /** Serves a disabled resource or template again. */
  enable(uriOrTemplate: string): void {
    if (this.tableOf(uriOrTemplate).setEnabled(uriOrTemplate, true)) this.runtime.listChanged('resources');
  }

  /** Hides a resource or template from the lists and from `resources/read`, until enabled. */
  disable(uriOrTemplate: string): void {
    if (this.tableOf(uriOrTemplate).setEnabled(uriOrTemplate, false)) this.runtime.listChanged('resources');
  }

  /** Whether a resource URI or URI template is registered (enabled or not). */
  has(uriOrTemplate: string): boolean {
    return this.runtime.tables.resources.has(uriOrTemplate) || this.runtime.tables.templates.has(uriOrTemplate);
  }

  /** Tells every session subscribed to `uri` that it changed (`notifications/resources/updated`). */
  notifyUpdated(uri: string): void {
    this.updated(uri);
  }

  /** The `resources/list` entries being served (frozen). */
  list(): readonly Resource[] {
    return this.runtime.tables.resources.list();
  }

  /** The `resources/templates/list` entries being served (frozen). */
  templates(): readonly ResourceTemplate[] {
    return this.runtime.tables.templates.list();
  }

  private tableOf(key: string): AppRuntime['tables']['resources'] | AppRuntime['tables']['templates'] {
    return this.runtime.tables.templates.has(key) ? this.runtime.tables.templates : this.runtime.tables.resources;
  }
}
