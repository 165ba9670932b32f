import type { CallToolResult } from '../wire/mcp-types.generated';
import { brand } from './content-brand';

/**
 * A complete `tools/call` result, returned as is: the escape hatch when a tool needs to set
 * `content`, `structuredContent`, `isError` or `_meta` itself. The schema scanner gives a
 * tool returning `ToolResult` no output schema.
 */
export type ToolResult = CallToolResult;

/**
 * Marks a `CallToolResult` as complete so result shaping passes it through unchanged.
 *
 * @example
 * ```ts
 * return ToolResult({ content: [text('Quota exceeded')], isError: true });
 * ```
 */
export function ToolResult(result: CallToolResult): ToolResult {
  return brand(result);
}
