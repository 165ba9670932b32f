import { ArmatureError } from '@armature/di';
import type { RequestContext } from '../context/request-context';
import { LocalErrorCode } from '../errors/local-error-codes';
import { frozenCopy } from '../metadata/frozen-copy';
import type { ResourceRecord } from '../metadata/handler-metadata.types';
import type { ReadResourceResult, Resource } from '../wire/mcp-types.generated';
import { compileBinder } from './param-slots';
import { isAbsoluteUri } from '../protocol/resource-uri';
import { readResource, resourceInvoke } from './resource-read';
import { compileScopeCheck } from './route-access';
import { withCacheHint } from '../kernel/cache-hints';
import { routeCacheHint } from './route-cache-hint';
import type { RouteEnvironment } from './route-environment';
import { withEnhancers } from './route-pipeline';
import type { RouteSource } from './route-source';

/** A fixed resource prepared at boot. */
export interface CompiledResource {
  readonly uri: string;
  readonly listEntry: Resource;
  readonly read: (ctx: RequestContext) => Promise<ReadResourceResult>;
  /** OAuth scopes a caller must hold (`null`: none). */
  readonly requiredScopes: readonly string[] | null;
  readonly source: RouteSource;
}

const NO_VALUES: Readonly<Record<string, unknown>> = Object.freeze({});

/** Compiles a fixed-resource route; throws `ArmatureError` for a URI that is not absolute. */
export function compileResource(source: RouteSource & { readonly record: ResourceRecord }, env: RouteEnvironment): CompiledResource {
  const { record, manifest, owner } = source;
  const { uri, options } = record;
  if (typeof uri !== 'string' || !isAbsoluteUri(uri)) {
    throw new ArmatureError(
      LocalErrorCode.INVALID_RESOURCE_URI,
      `${owner}: @Resource(${JSON.stringify(uri)}) needs an absolute URI such as "notes://index".`,
    );
  }
  const description = options.description ?? manifest?.description;
  const entry: Record<string, unknown> = { uri, name: options.name ?? record.method };
  if (options.title !== undefined) entry.title = options.title;
  if (description !== undefined) entry.description = description;
  for (const key of ['mimeType', 'size', 'icons', 'annotations', '_meta'] as const)
    if (options[key] !== undefined) entry[key] = options[key];
  const listEntry = frozenCopy(entry) as unknown as Resource;
  const route = { kind: 'resource', name: uri, handlerClass: source.handlerClass, method: record.method, fn: source.fn } as const;
  const invoke = withEnhancers(resourceInvoke(source, compileBinder(source.slots)), route, env.policy.enhancers(source));
  const { required, check } = compileScopeCheck(source, env, `resource "${uri}"`);
  const hint = routeCacheHint(owner, options.cache);
  const read = (ctx: RequestContext): Promise<ReadResourceResult> => readResource(invoke, check, NO_VALUES, uri, options.mimeType, ctx);
  return {
    uri,
    listEntry,
    read: hint === undefined ? read : (ctx) => read(ctx).then((result) => withCacheHint(result, hint)),
    requiredScopes: required,
    source,
  };
}
