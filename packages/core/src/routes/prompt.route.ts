import { ArmatureError } from '@armature/di';
import type { RequestContext } from '../context/request-context';
import { LocalErrorCode } from '../errors/local-error-codes';
import { McpWireError } from '../errors/wire-error';
import { frozenCopy } from '../metadata/frozen-copy';
import type { PromptRecord } from '../metadata/handler-metadata.types';
import type { LoadedMethod } from '../manifest/manifest-format';
import type { CompleteResult, GetPromptResult, Prompt, PromptArgument } from '../wire/mcp-types.generated';
import { shapePromptResult } from '../results/prompt-result.shaper';
import { NO_COMPLETION, runCompleter } from './completion';
import { withInstance } from './handler-instances';
import { invokeForRequest } from './invoke-for-request';
import { compileBinder } from './param-slots';
import { compileScopeCheck } from './route-access';
import type { RouteEnvironment } from './route-environment';
import { compileEnhance, type Invoke, withEnhancers } from './route-pipeline';
import type { RouteSource } from './route-source';

/** A prompt prepared at boot. */
export interface CompiledPrompt {
  readonly name: string;
  readonly listEntry: Prompt;
  /** `prompts/get`: missing required argument → -32602; the handler's result shaped into messages. */
  readonly get: (args: Record<string, string> | undefined, ctx: RequestContext) => Promise<GetPromptResult>;
  /** `completion/complete` for one argument; empty when the argument has no completer. */
  readonly complete: (
    argument: string,
    value: string,
    args: Readonly<Record<string, string>>,
    ctx: RequestContext,
  ) => Promise<CompleteResult['completion']>;
  /** OAuth scopes a caller must hold (`null`: none); they also guard its completions. */
  readonly requiredScopes: readonly string[] | null;
  readonly source: RouteSource;
}

function argumentsOf(record: PromptRecord, entry: LoadedMethod | undefined): readonly PromptArgument[] {
  if (record.options.arguments) return record.options.arguments;
  if (entry?.arguments) return entry.arguments;
  return (entry?.params.items ?? [])
    .filter((p) => p.role === 'argument')
    .map((p) =>
      p.description === undefined
        ? { name: p.name, required: p.required !== false }
        : { name: p.name, description: p.description, required: p.required !== false },
    );
}

/** Compiles a prompt route; throws `ArmatureError` for a completer of an unknown argument. */
export function compilePrompt(source: RouteSource & { readonly record: PromptRecord }, env: RouteEnvironment): CompiledPrompt {
  const { record, manifest, owner, instances, fn, completers } = source;
  const name = record.options.name ?? record.method;
  const args = argumentsOf(record, manifest);
  const known = new Set(args.map((a) => a.name));
  const required = args.filter((a) => a.required === true).map((a) => a.name);
  for (const argument of completers.keys()) {
    if (!known.has(argument)) {
      throw new ArmatureError(
        LocalErrorCode.INVALID_COMPLETER,
        `${owner}: "complete" names "${argument}", which is not an argument of prompt "${name}" (arguments: ${[...known].join(', ') || 'none'}).`,
      );
    }
  }
  const description = record.options.description ?? manifest?.description;
  const entry: Record<string, unknown> = { name };
  if (record.options.title !== undefined) entry.title = record.options.title;
  if (description !== undefined) entry.description = description;
  if (args.length > 0) entry.arguments = args;
  if (record.options.icons !== undefined) entry.icons = record.options.icons;
  if (record.options._meta !== undefined) entry._meta = record.options._meta;
  const listEntry = frozenCopy(entry) as unknown as Prompt;
  const bind = compileBinder(source.slots);
  const enhancers = env.policy.enhancers(source);
  const describe = (kind: 'prompt' | 'completion') => ({ kind, name, handlerClass: source.handlerClass, method: record.method, fn });
  const bare: Invoke = (values, ctx) => withInstance(instances, ctx, (instance) => fn.apply(instance, bind(values, ctx)));
  const invoke = withEnhancers(bare, describe('prompt'), enhancers);
  const enhanceCompletion = compileEnhance(describe('completion'), enhancers);
  const { required: requiredScopes, check: checkScopes } = compileScopeCheck(source, env, `prompt "${name}"`);

  const get = async (given: Record<string, string> | undefined, ctx: RequestContext): Promise<GetPromptResult> => {
    if (checkScopes !== null) checkScopes(ctx);
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(given ?? {})) {
      if (!known.has(key)) continue;
      if (typeof value !== 'string') throw McpWireError.invalidParams(`Argument "${key}" of prompt "${name}" must be a string.`);
      Object.defineProperty(values, key, { value, enumerable: true });
    }
    const missing = required.filter((a) => !Object.hasOwn(values, a));
    if (missing.length > 0) {
      throw McpWireError.invalidParams(
        `Prompt "${name}" requires argument${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')}.`,
      );
    }
    const value = await invokeForRequest(invoke, values, ctx);
    const result = shapePromptResult(value, description);
    if (!result) {
      env.logger.error(`Prompt "${name}" (${owner}) returned a value that is not a string, a message or messages.`);
      throw McpWireError.internal();
    }
    return result;
  };
  const complete: CompiledPrompt['complete'] = (argument, value, resolved, ctx) => {
    const completer = completers.get(argument);
    return completer
      ? runCompleter(completer, instances, argument, value, resolved, ctx, checkScopes, enhanceCompletion)
      : Promise.resolve(NO_COMPLETION);
  };
  return { name, listEntry, get, complete, requiredScopes, source };
}
