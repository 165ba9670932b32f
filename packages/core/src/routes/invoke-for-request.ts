import type { RequestContext } from '../context/request-context';
import { isMcpWireError, McpWireError } from '../errors/wire-error';
import { readableThrown } from '../results/readable-thrown';
import { isToolError } from '../results/tool-error';
import type { Invoke } from './route-pipeline';

/**
 * Calls a prompt or resource handler, whose failures are JSON-RPC errors (unlike a tool's,
 * which become `isError` results): a wire error passes through, a `ToolError` becomes -32602
 * with its message, anything else is rethrown for the session to answer -32603.
 */
export async function invokeForRequest(invoke: Invoke, values: Readonly<Record<string, unknown>>, ctx: RequestContext): Promise<unknown> {
  try {
    return await invoke(values, ctx);
  } catch (thrown) {
    const error = readableThrown(thrown);
    if (isMcpWireError(error)) throw error;
    if (isToolError(error)) throw McpWireError.invalidParams(error.message);
    throw error;
  }
}
