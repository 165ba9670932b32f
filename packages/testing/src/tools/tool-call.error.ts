import { ArmatureError } from '@armature/di';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The text blocks of a tool result, joined by newlines. */
export function textOf(result: Pick<CallToolResult, 'content'>): string {
  return result.content
    .filter((block): block is Extract<CallToolResult['content'][number], { type: 'text' }> => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}

/**
 * Thrown by `callTool` and `callToolText` when a tool answers `isError: true` (or without the
 * structured result asked for). The message carries the tool's own text, which is what a
 * model would read; `result` is the whole answer.
 */
export class ToolCallError extends ArmatureError {
  constructor(
    readonly tool: string,
    readonly result: CallToolResult,
    why: string,
  ) {
    super('ARM_ERR_TOOL_CALL_FAILED', `ARM_ERR_TOOL_CALL_FAILED: tool "${tool}" ${why}`);
    this.name = 'ToolCallError';
  }

  /** The text the tool answered with (for `isError` results: its error message). */
  get text(): string {
    return textOf(this.result);
  }
}
