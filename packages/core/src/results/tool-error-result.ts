import { isMcpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import type { ServerLogger } from '../protocol/server-logger';
import type { CallToolResult } from '../protocol/mcp-types.generated';
import type { ValidationIssue } from '../validation/validation-result';
import { issuesMessage } from '../validation/issues-message';
import { isToolError } from './tool-error';

/** An `isError` result carrying one text block. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The `isError` result for arguments that failed validation, naming every failing field. */
export function invalidArgumentsResult(toolName: string, issues: readonly ValidationIssue[]): CallToolResult {
  return errorResult(issuesMessage(`tool "${toolName}"`, issues));
}

/**
 * The result for anything a tool threw. `ToolError` and `McpWireError` messages are written
 * for the client and pass through; anything else (including non-Error throws) is logged on
 * stderr and answered with a generic message: no stack, path or raw message leaves the server.
 * An `McpWireError` -32042 (URL elicitation required) is rethrown: it must be a JSON-RPC error.
 */
export function thrownToolResult(toolName: string, error: unknown, logger: ServerLogger): CallToolResult {
  if (isToolError(error)) return errorResult(error.message);
  if (isMcpWireError(error)) {
    if (error.code === WireErrorCode.UrlElicitationRequired) throw error;
    return errorResult(error.message);
  }
  logger.error(`Tool "${toolName}" threw an unexpected error`, error);
  return errorResult(
    `Tool "${toolName}" failed with an internal error (details are in the server log). ` +
      'Retrying with the same arguments will probably fail the same way.',
  );
}
