import type { MethodRecord } from '../metadata/handler-metadata.types';
import { BootProblems } from '../routes/boot-problems';
import { bindCompleters } from '../routes/completer-binding';
import { fixedInstance } from '../routes/handler-instances';
import type { RouteSource } from '../routes/route-source';
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ToolDefinition } from './route-definitions';

function withoutHandler<T extends { readonly handler: unknown }>(definition: T): Omit<T, 'handler'> {
  const { handler: _handler, ...options } = definition;
  return options;
}

function source(owner: string, record: MethodRecord, handler: (...args: unknown[]) => unknown, firstIsContext: boolean): RouteSource {
  const problems = new BootProblems();
  const completers = bindCompleters(owner, record, undefined, problems);
  problems.throwIfAny();
  return {
    owner,
    record,
    slots: firstIsContext ? [{ kind: 'ctx' }] : [{ kind: 'whole' }, { kind: 'ctx' }],
    fn: (...args: unknown[]) => handler(...args),
    instances: fixedInstance(record),
    manifest: undefined,
    dto: undefined,
    completers,
    handlerClass: undefined,
  };
}

function requireHandler(kind: string, definition: { readonly handler?: unknown }): (...args: unknown[]) => unknown {
  if (typeof definition.handler !== 'function') throw new TypeError(`A ${kind} definition needs a "handler" function.`);
  return definition.handler as (...args: unknown[]) => unknown;
}

/** The route source of a tool registered as a plain definition. */
export function toolDefinitionSource(definition: ToolDefinition): RouteSource {
  const handler = requireHandler('tool', definition);
  const { name, ...options } = withoutHandler(definition);
  return source(
    `tool ${JSON.stringify(name)} (registered definition)`,
    { kind: 'tool', method: name, options: { ...options, name } },
    handler,
    false,
  );
}

/** The route source of a fixed resource registered as a plain definition. */
export function resourceDefinitionSource(definition: ResourceDefinition): RouteSource {
  const handler = requireHandler('resource', definition);
  const { uri, ...options } = withoutHandler(definition);
  return source(
    `resource ${JSON.stringify(uri)} (registered definition)`,
    { kind: 'resource', method: options.name ?? uri, uri, options },
    handler,
    true,
  );
}

/** The route source of a resource template registered as a plain definition. */
export function templateDefinitionSource(definition: ResourceTemplateDefinition): RouteSource {
  const handler = requireHandler('resource template', definition);
  const { uriTemplate, ...options } = withoutHandler(definition);
  const owner = `resource template ${JSON.stringify(uriTemplate)} (registered definition)`;
  return source(owner, { kind: 'resourceTemplate', method: options.name ?? uriTemplate, uriTemplate, options }, handler, false);
}

/** The route source of a prompt registered as a plain definition. */
export function promptDefinitionSource(definition: PromptDefinition): RouteSource {
  const handler = requireHandler('prompt', definition);
  const { name, ...options } = withoutHandler(definition);
  return source(
    `prompt ${JSON.stringify(name)} (registered definition)`,
    { kind: 'prompt', method: name, options: { ...options, name } },
    handler,
    false,
  );
}
