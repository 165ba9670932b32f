import type { RequestContext } from '../context/request-context';
import { McpWireError } from '../errors/wire-error';
import type { ReadResourceResult } from '../wire/mcp-types.generated';
import { shapeResourceResult } from '../results/resource-result.shaper';
import { withInstance } from './handler-instances';
import { invokeForRequest } from './invoke-for-request';
import type { ArgumentBinder } from './param-slots';
import type { ScopeCheck } from './route-access';
import type { Invoke } from './route-pipeline';
import type { RouteSource } from './route-source';

/** The bare call of a resource handler: its instance, its parameters bound from `values`. */
export function resourceInvoke(source: RouteSource, bind: ArgumentBinder): Invoke {
  return (values, ctx) => withInstance(source.instances, ctx, (instance) => source.fn.apply(instance, bind(values, ctx)));
}

/**
 * Calls a resource handler (through its scope check, guards and interceptors) and shapes its
 * answer for `uri`. `undefined`/`null` → -32002 (not found, `data.uri`); a `ToolError` → -32602
 * with its message; `McpWireError` passes; anything else reaches the engine, which logs it and
 * answers a generic -32603.
 */
export async function readResource(
  invoke: Invoke,
  checkScopes: ScopeCheck | null,
  values: Readonly<Record<string, unknown>>,
  uri: string,
  mimeType: string | undefined,
  ctx: RequestContext,
): Promise<ReadResourceResult> {
  if (checkScopes !== null) checkScopes(ctx);
  const value = await invokeForRequest(invoke, values, ctx);
  const result = shapeResourceResult(value, uri, mimeType);
  if (!result) throw McpWireError.resourceNotFound(uri);
  return result;
}
