import { ArmatureError } from '@armature/di';
import type { RequestContext } from '../context/request-context';
import { LocalErrorCode } from '../errors/local-error-codes';
import { frozenCopy } from '../metadata/frozen-copy';
import type { ResourceTemplateRecord } from '../metadata/handler-metadata.types';
import type { CompleteResult, ReadResourceResult, ResourceTemplate } from '../wire/mcp-types.generated';
import { NO_COMPLETION, runCompleter } from './completion';
import { compileBinder } from './param-slots';
import { readResource, resourceInvoke } from './resource-read';
import { compileScopeCheck } from './route-access';
import { withCacheHint } from '../kernel/cache-hints';
import { routeCacheHint } from './route-cache-hint';
import type { RouteEnvironment } from './route-environment';
import { compileEnhance, withEnhancers } from './route-pipeline';
import type { RouteSource } from './route-source';
import { parseTemplate, type TemplateMatcher } from './template-matcher';

/** Decoded template variables of one URI. */
export type TemplateValues = Readonly<Record<string, string | readonly string[]>>;

/** A resource template prepared at boot. */
export interface CompiledResourceTemplate {
  readonly uriTemplate: string;
  readonly matcher: TemplateMatcher;
  readonly listEntry: ResourceTemplate;
  /** `resources/read` of a URI this template matched. */
  readonly read: (uri: string, values: TemplateValues, ctx: RequestContext) => Promise<ReadResourceResult>;
  readonly complete: (
    variable: string,
    value: string,
    args: Readonly<Record<string, string>>,
    ctx: RequestContext,
  ) => Promise<CompleteResult['completion']>;
  /** OAuth scopes a caller must hold (`null`: none); they also guard its completions. */
  readonly requiredScopes: readonly string[] | null;
  readonly source: RouteSource;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * Compiles a template route. Each variable must have a parameter of the same name and each
 * non-context parameter a variable (`ARM_ERR_TEMPLATE_VARIABLE_MISMATCH`), unless the method
 * takes the whole variables record.
 */
export function compileResourceTemplate(
  source: RouteSource & { readonly record: ResourceTemplateRecord },
  env: RouteEnvironment,
): CompiledResourceTemplate {
  const { record, manifest, owner, completers, instances } = source;
  const { uriTemplate, options } = record;
  const matcher = parseTemplate(owner, uriTemplate, options.matching);
  const variables = matcher.variables;
  const params = source.slots.flatMap((s) => (s.kind === 'arg' ? [s.name] : []));
  if (!source.slots.some((s) => s.kind === 'whole') && !sameNames(variables, params)) {
    const unbound = variables.filter((v) => !params.includes(v));
    const unused = params.filter((p) => !variables.includes(p));
    const parts = [
      unbound.length ? `variable(s) ${unbound.map((v) => `{${v}}`).join(', ')} have no parameter of that name` : '',
      unused.length ? `parameter(s) ${unused.join(', ')} match no variable` : '',
    ].filter(Boolean);
    throw new ArmatureError(
      LocalErrorCode.TEMPLATE_VARIABLE_MISMATCH,
      `${owner}: in template "${uriTemplate}", ${parts.join(' and ')}. Name each parameter after a template variable.`,
    );
  }
  for (const variable of completers.keys()) {
    if (!variables.includes(variable)) {
      throw new ArmatureError(
        LocalErrorCode.INVALID_COMPLETER,
        `${owner}: "complete" names "${variable}", which is not a variable of "${uriTemplate}" (variables: ${variables.join(', ') || 'none'}).`,
      );
    }
  }
  const description = options.description ?? manifest?.description;
  const entry: Record<string, unknown> = { uriTemplate, name: options.name ?? record.method };
  if (options.title !== undefined) entry.title = options.title;
  if (description !== undefined) entry.description = description;
  for (const key of ['mimeType', 'icons', 'annotations', '_meta'] as const) if (options[key] !== undefined) entry[key] = options[key];
  const listEntry = frozenCopy(entry) as unknown as ResourceTemplate;
  const enhancers = env.policy.enhancers(source);
  const describe = (kind: 'resourceTemplate' | 'completion') => ({
    kind,
    name: uriTemplate,
    handlerClass: source.handlerClass,
    method: record.method,
    fn: source.fn,
  });
  const invoke = withEnhancers(resourceInvoke(source, compileBinder(source.slots)), describe('resourceTemplate'), enhancers);
  const enhanceCompletion = compileEnhance(describe('completion'), enhancers);
  const { required, check } = compileScopeCheck(source, env, `resource template "${uriTemplate}"`);
  const hint = routeCacheHint(owner, options.cache);
  return {
    uriTemplate,
    matcher,
    listEntry,
    read:
      hint === undefined
        ? (uri, values, ctx) => readResource(invoke, check, values, uri, options.mimeType, ctx)
        : (uri, values, ctx) =>
            readResource(invoke, check, values, uri, options.mimeType, ctx).then((result) => withCacheHint(result, hint)),
    complete: (variable, value, args, ctx) => {
      const completer = completers.get(variable);
      if (!completer) return Promise.resolve(NO_COMPLETION);
      return runCompleter(completer, instances, variable, value, args, ctx, check, enhanceCompletion);
    },
    requiredScopes: required,
    source,
  };
}
