import type { RequestContext } from '../context/request-context';
import type {
  CompletionContext,
  CompletionValues,
  PromptOptions,
  ResourceOptions,
  ResourceTemplateOptions,
  ToolOptions,
} from '../metadata/handler-metadata.types';

/** A completer function of a registered definition. */
export type DefinitionCompleter = (value: string, context: CompletionContext) => CompletionValues | Promise<CompletionValues>;

/**
 * A tool registered at run time with `app.tools.register({...})`, without a class. Its
 * handler receives the validated arguments object (validated against `inputSchema`; without
 * one the tool takes no arguments).
 */
export interface ToolDefinition extends Omit<ToolOptions, 'name'> {
  readonly name: string;
  readonly handler: (args: Record<string, unknown>, ctx: RequestContext) => unknown;
}

/** A fixed resource registered at run time with `app.resources.register({...})`. */
export interface ResourceDefinition extends ResourceOptions {
  readonly uri: string;
  readonly handler: (ctx: RequestContext) => unknown;
}

/** A resource template registered at run time; its handler receives the decoded variables. */
export interface ResourceTemplateDefinition extends Omit<ResourceTemplateOptions, 'complete'> {
  readonly uriTemplate: string;
  readonly handler: (variables: Readonly<Record<string, string | readonly string[]>>, ctx: RequestContext) => unknown;
  readonly complete?: { readonly [variable: string]: DefinitionCompleter };
}

/**
 * A prompt registered at run time; its handler receives the declared `arguments` (strings),
 * after the required ones were checked.
 */
export interface PromptDefinition extends Omit<PromptOptions, 'name' | 'complete'> {
  readonly name: string;
  readonly handler: (args: Readonly<Record<string, string>>, ctx: RequestContext) => unknown;
  readonly complete?: { readonly [argument: string]: DefinitionCompleter };
}

/** Any run-time definition. */
export type RouteDefinition = ToolDefinition | ResourceDefinition | ResourceTemplateDefinition | PromptDefinition;
