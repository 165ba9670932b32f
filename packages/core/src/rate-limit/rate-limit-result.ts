import type { CallToolResult } from '../wire/mcp-types.generated';

/** `_meta` key of a rate-limit refusal: whole seconds until the call may be retried. */
export const RETRY_AFTER_META = 'armature/retryAfterSeconds';

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${minutes} minute${minutes === 1 ? '' : 's'}${rest === 0 ? '' : ` ${rest} second${rest === 1 ? '' : 's'}`}`;
}

/**
 * The `isError` result of a call refused by a rate limit: when to retry, in words for the
 * model and in `_meta` for programs.
 */
export function rateLimitedResult(toolName: string, waitMs: number): CallToolResult {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return {
    content: [{ type: 'text', text: `Rate limit reached for tool "${toolName}": too many calls. Try again in ${duration(seconds)}.` }],
    isError: true,
    _meta: { [RETRY_AFTER_META]: seconds },
  };
}
