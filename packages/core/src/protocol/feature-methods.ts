import type { ActiveRequestContext } from '../context/active-request-context';
import { McpWireError } from '../errors/wire-error';
import { decodeCursor, listPage } from './list-pages';
import type { CompleteRequestParams } from '../wire/mcp-types.generated';
import type { RevisionTasks } from '../tasks/revision-tasks';
import { optionalObject, optionalStringRecord, type RequestParamsRecord, requiredString } from './request-params';
import { checkUriLength, requiredResourceUri } from './resource-uri';
import type { ServerFeatures } from './server-features';

/**
 * The feature methods: each checks its params (-32602), finds its feature (-32601 when the
 * server does not serve it) and delegates. Plain functions over explicit arguments, so the
 * dispatch table holds no per-session closures.
 */
export type FeatureMethod = (
  features: ServerFeatures,
  params: RequestParamsRecord,
  ctx: ActiveRequestContext,
  limits: FeatureLimits,
) => unknown;

/** The limits feature methods apply (the kernel serving the request carries them). */
export interface FeatureLimits {
  /** Entries per list page. */
  readonly pageSize: number;
  /** Longest URI a request may name (-32602 "URI too long" beyond). */
  readonly maxUriLength: number;
}

function absent(method: string): McpWireError {
  return McpWireError.methodNotFound(method);
}

const listTools: FeatureMethod = (features, params, ctx, { pageSize }) => {
  const tools = features.tools;
  if (!tools) throw absent('tools/list');
  const offset = decodeCursor('tools', params.cursor, pageSize);
  return listPage('tools', tools.list(ctx), offset, pageSize);
};

/** `tools/call` under a revision whose tasks are `tasks` (undefined: it runs no tool as a task). */
export function callToolWith(tasks: RevisionTasks | undefined): FeatureMethod {
  return (features, params, ctx) => {
    const tools = features.tools;
    if (!tools) throw absent('tools/call');
    const name = requiredString(params, 'name');
    const args = optionalObject(params, 'arguments');
    // A tool that may run as a task: the task manager answers with a handle, or lets it run as usual.
    const task = tasks === undefined ? undefined : features.tasks?.call(tasks, features, tools, name, args, params, ctx);
    return task ?? tools.call(name, args, ctx);
  };
}

const listResources: FeatureMethod = (features, params, ctx, { pageSize }) => {
  const resources = features.resources;
  if (!resources) throw absent('resources/list');
  const offset = decodeCursor('resources', params.cursor, pageSize);
  return listPage('resources', resources.list(ctx), offset, pageSize);
};

const listResourceTemplates: FeatureMethod = (features, params, ctx, { pageSize }) => {
  const resources = features.resources;
  if (!resources) throw absent('resources/templates/list');
  const offset = decodeCursor('resourceTemplates', params.cursor, pageSize);
  return listPage('resourceTemplates', resources.templates(ctx), offset, pageSize);
};

const readResource: FeatureMethod = (features, params, ctx, { maxUriLength }) => {
  const resources = features.resources;
  if (!resources) throw absent('resources/read');
  return resources.read(requiredResourceUri(params, maxUriLength), ctx);
};

const listPrompts: FeatureMethod = (features, params, ctx, { pageSize }) => {
  const prompts = features.prompts;
  if (!prompts) throw absent('prompts/list');
  const offset = decodeCursor('prompts', params.cursor, pageSize);
  return listPage('prompts', prompts.list(ctx), offset, pageSize);
};

const getPrompt: FeatureMethod = (features, params, ctx) => {
  const prompts = features.prompts;
  if (!prompts) throw absent('prompts/get');
  return prompts.get(requiredString(params, 'name'), optionalStringRecord(params, 'arguments'), ctx);
};

const MAX_COMPLETION_VALUES = 100;

const complete: FeatureMethod = async (features, params, ctx, { maxUriLength }) => {
  const completions = features.completions;
  if (!completions) throw absent('completion/complete');
  const ref = optionalObject(params, 'ref');
  const argument = optionalObject(params, 'argument');
  const refOk =
    ref !== undefined &&
    ((ref.type === 'ref/prompt' && typeof ref.name === 'string') || (ref.type === 'ref/resource' && typeof ref.uri === 'string'));
  if (!refOk) throw McpWireError.invalidParams('Invalid params: "ref" must be {type:"ref/prompt",name} or {type:"ref/resource",uri}');
  if (ref.type === 'ref/resource') checkUriLength(ref.uri as string, maxUriLength);
  if (argument === undefined || typeof argument.name !== 'string' || typeof argument.value !== 'string') {
    throw McpWireError.invalidParams('Invalid params: "argument" must be {name, value} with string members');
  }
  const context = optionalObject(params, 'context');
  if (context !== undefined) optionalStringRecord(context, 'arguments');
  const result = await completions.complete(params as unknown as CompleteRequestParams, ctx);
  const values = result?.completion?.values;
  // completion/complete: at most 100 values per response.
  if (Array.isArray(values) && values.length > MAX_COMPLETION_VALUES) {
    return { ...result, completion: { ...result.completion, values: values.slice(0, MAX_COMPLETION_VALUES), hasMore: true } };
  }
  return result;
};

/**
 * Method name → feature method, for every method served by a feature (`tools/call` without
 * tasks: a revision with tasks binds its own, `callToolWith(revision.tasks)`).
 */
export const FEATURE_METHODS: ReadonlyMap<string, FeatureMethod> = new Map<string, FeatureMethod>([
  ['tools/list', listTools],
  ['tools/call', callToolWith(undefined)],
  ['resources/list', listResources],
  ['resources/templates/list', listResourceTemplates],
  ['resources/read', readResource],
  ['prompts/list', listPrompts],
  ['prompts/get', getPrompt],
  ['completion/complete', complete],
]);
