import { EngineErrorCode } from '../errors/engine-error-codes';
import { isMcpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import type { ServerLogger } from '../logging/server-logger';
import type { CallToolResult } from '../wire/mcp-types.generated';
import type { ValidationIssue } from '../validation/validation-result';
import { issuesMessage } from '../validation/issues-message';
import { isInsufficientScopeError } from '../guards/insufficient-scope.error';
import { isToolError } from './tool-error';

/** An `isError` result carrying one text block. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The `isError` result for arguments that failed validation, naming every failing field. */
export function invalidArgumentsResult(toolName: string, issues: readonly ValidationIssue[]): CallToolResult {
  return errorResult(issuesMessage(`tool "${toolName}"`, issues));
}

/** Codes of the reasons a request's signal aborts with (and of the end of a 2026 attempt). */
const ENDED: ReadonlySet<unknown> = new Set([
  EngineErrorCode.INPUT_REQUIRED,
  EngineErrorCode.REQUEST_CANCELLED,
  EngineErrorCode.REQUEST_TIMEOUT,
  EngineErrorCode.SESSION_CLOSED,
]);

/** How a thrown value is answered: its own message, a JSON-RPC error, or the generic text. */
type Verdict = { readonly kind: 'message'; readonly text: string } | { readonly kind: 'rethrow' } | { readonly kind: 'internal' };

function classify(error: unknown): Verdict {
  // A hostile throw (a Proxy whose traps throw, a getter on `message`) must not escape here.
  try {
    if (isToolError(error)) return { kind: 'message', text: String(error.message) };
    // A typed elicitation's answer did not match its form: the caller should read which fields.
    if (error instanceof Error && (error as { code?: unknown }).code === EngineErrorCode.ELICIT_ANSWER_INVALID)
      return { kind: 'message', text: String(error.message) };
    // MCP 2026-07-28: the attempt already ended with input_required; and a request (or task)
    // cancelled, timed out or closed was answered already: nothing to answer or log.
    if (typeof error === 'object' && error !== null && ENDED.has((error as { code?: unknown }).code)) return { kind: 'rethrow' };
    if (isMcpWireError(error)) {
      // -32603 thrown on purpose is a protocol error, not a tool error (a task ends "failed" with it).
      if (
        error.code === WireErrorCode.InternalError ||
        error.code === WireErrorCode.UrlElicitationRequired ||
        error.code === WireErrorCode.MissingRequiredClientCapability ||
        isInsufficientScopeError(error)
      )
        return { kind: 'rethrow' };
      return { kind: 'message', text: String(error.message) };
    }
  } catch {
    return { kind: 'internal' };
  }
  return { kind: 'internal' };
}

/**
 * The result for anything a tool threw. `ToolError` and `McpWireError` messages (a guard's
 * `ForbiddenError` included) are written for the client and pass through; anything else
 * (including non-Error throws) is logged on stderr and answered with a generic message: no
 * stack, path or raw message leaves the server. Rethrown, to become JSON-RPC errors: -32042
 * (URL elicitation required), -32021 (missing client capability, MCP 2026-07-28) and
 * `InsufficientScopeError`, on which the client must act; and the end of a 2026 attempt that
 * asked the client something (`ARM_ERR_INPUT_REQUIRED`).
 */
export function thrownToolResult(toolName: string, error: unknown, logger: ServerLogger): CallToolResult {
  const verdict = classify(error);
  if (verdict.kind === 'message') return errorResult(verdict.text);
  if (verdict.kind === 'rethrow') throw error;
  try {
    logger.error(`Tool "${toolName}" threw an unexpected error`, error);
  } catch {
    // A logger that cannot format the value must not turn the answer into silence.
  }
  return errorResult(
    `Tool "${toolName}" failed with an internal error (details are in the server log). ` +
      'Retrying with the same arguments will probably fail the same way.',
  );
}
