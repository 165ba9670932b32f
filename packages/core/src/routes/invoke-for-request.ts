import type { RequestContext } from '../context/request-context';
import { EngineErrorCode } from '../errors/engine-error-codes';
import { isMcpWireError, McpWireError } from '../errors/wire-error';
import { readableThrown } from '../results/readable-thrown';
import { isToolError } from '../results/tool-error';
import type { Invoke } from './route-pipeline';

/** A typed elicitation's answer that does not match its form (`ElicitAnswerError`, known by its code). */
function isElicitAnswerError(error: unknown): error is Error {
  return error instanceof Error && (error as { code?: unknown }).code === EngineErrorCode.ELICIT_ANSWER_INVALID;
}

/**
 * Calls a prompt or resource handler, whose failures are JSON-RPC errors (unlike a tool's,
 * which become `isError` results): a wire error passes through, a `ToolError` becomes -32602
 * with its message, and so does an `ElicitAnswerError` left uncaught (the client's answer,
 * which on MCP 2026-07-28 is part of the request's params, did not match the form: a tool
 * names the wrong fields in an `isError` result, a prompt or resource in the -32602 message);
 * anything else is rethrown for the session to answer -32603.
 */
export async function invokeForRequest(invoke: Invoke, values: Readonly<Record<string, unknown>>, ctx: RequestContext): Promise<unknown> {
  try {
    return await invoke(values, ctx);
  } catch (thrown) {
    const error = readableThrown(thrown);
    if (isMcpWireError(error)) throw error;
    if (isToolError(error)) throw McpWireError.invalidParams(error.message);
    if (isElicitAnswerError(error)) throw McpWireError.invalidParams(error.message);
    throw error;
  }
}
