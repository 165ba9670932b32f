import { McpWireError, ToolResult, WireErrorCode } from '@armature/core';
import { ProtocolError } from '@modelcontextprotocol/client';
import { PROXY_ERRORS } from './proxy-errors';
import { ProxyRefusal } from './proxy-refusal';

/** Upstream text passed on is cut to this many characters. */
const MAX_UPSTREAM_TEXT = 500;

function cut(text: string): string {
  return text.length > MAX_UPSTREAM_TEXT ? `${text.slice(0, MAX_UPSTREAM_TEXT)}…` : text;
}

/** Why a forwarded request failed, for a client: its code, a safe sentence, and whether a retry may succeed. */
function describe(error: unknown, label: string): { code: string; message: string; retryable: boolean } {
  if (error instanceof ProxyRefusal) return { code: error.code, message: error.message, retryable: true };
  if (error instanceof ProtocolError) {
    return { code: PROXY_ERRORS.codes.PROXY_UPSTREAM_FAILED, message: `${label} answered: ${cut(error.message)}`, retryable: false };
  }
  return {
    code: PROXY_ERRORS.codes.PROXY_UPSTREAM_FAILED,
    message: `${label} did not answer (${cut(error instanceof Error ? error.message : String(error))}); retry shortly`,
    retryable: true,
  };
}

/** The `_meta` key of a failed forwarded call's `{ code, retryable }`. */
export const PROXY_ERROR_META = 'armature/proxyError';

/**
 * A failed `tools/call`, as a tool result the model can read: `isError: true`, the reason in
 * text, and `{ code, retryable }` in `_meta['armature/proxyError']` — and in
 * `structuredContent` when the tool has no output schema (whose shape the error would not match).
 */
export function toolFailure(error: unknown, label: string, hasOutputSchema: boolean): ToolResult {
  const { code, message, retryable } = describe(error, label);
  return ToolResult({
    content: [{ type: 'text', text: `${code}: ${message}` }],
    isError: true,
    _meta: { [PROXY_ERROR_META]: { code, retryable } },
    ...(hasOutputSchema ? {} : { structuredContent: { code, retryable } }),
  });
}

/**
 * A failed `resources/read`, `prompts/get` or completion, as a JSON-RPC error: the upstream's
 * own code when it answered with one; -32004 when the proxy is busy; -32000 when the
 * upstream is unavailable. `data` carries `{ code, retryable }`.
 */
export function wireFailure(error: unknown, label: string): McpWireError {
  const { code, message, retryable } = describe(error, label);
  if (error instanceof ProtocolError) return new McpWireError(error.code, message, { code, retryable });
  const wire = code === PROXY_ERRORS.codes.PROXY_BUSY ? WireErrorCode.TooManyRequests : WireErrorCode.ConnectionClosed;
  return new McpWireError(wire, message, { code, retryable });
}
