import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { testingError } from '../errors/testing-error';
import { textOf, ToolCallError } from './tool-call.error';

/** Arguments of a tool call: a JSON object. */
export type ToolArguments = Readonly<Record<string, unknown>>;

/** Calls a tool and returns the whole result, whatever it is (`isError` included). */
export async function callToolResult(
  client: Client,
  name: string,
  args: ToolArguments = {},
  options?: RequestOptions,
): Promise<CallToolResult> {
  const result = await client.callTool({ name, arguments: { ...args } }, CallToolResultSchema, options);
  return result as CallToolResult;
}

/**
 * Calls a tool and returns its `structuredContent`, typed as `T` (say
 * `Awaited<ReturnType<WeatherHandlers['forecast']>>`). Arrays and primitives arrive wrapped
 * as `{ result: value }`, as the wire carries them. Throws `ToolCallError` when the tool
 * answers `isError: true` (its message is the tool's text) or has no structured content.
 */
export async function callTool<T = unknown>(client: Client, name: string, args: ToolArguments = {}, options?: RequestOptions): Promise<T> {
  const result = await callToolResult(client, name, args, options);
  if (result.isError === true) throw new ToolCallError(name, result, `answered isError: ${textOf(result)}`);
  if (result.structuredContent === undefined) {
    throw new ToolCallError(name, result, 'answered without structuredContent (a tool without an output type); use callToolText');
  }
  return result.structuredContent as T;
}

/** Calls a tool and returns its text blocks joined by newlines; throws `ToolCallError` on `isError`. */
export async function callToolText(client: Client, name: string, args: ToolArguments = {}, options?: RequestOptions): Promise<string> {
  const result = await callToolResult(client, name, args, options);
  if (result.isError === true) throw new ToolCallError(name, result, `answered isError: ${textOf(result)}`);
  return textOf(result);
}

/**
 * Calls a tool that should fail and returns the error text a model would read. Throws
 * `ARM_ERR_TOOL_CALL_SUCCEEDED` when the result is not `isError: true`.
 */
export async function expectToolError(client: Client, name: string, args: ToolArguments = {}, options?: RequestOptions): Promise<string> {
  const result = await callToolResult(client, name, args, options);
  if (result.isError !== true) {
    throw testingError(
      'ARM_ERR_TOOL_CALL_SUCCEEDED',
      `tool "${name}" was expected to answer isError: true, but answered ${JSON.stringify(result).slice(0, 300)}`,
    );
  }
  return textOf(result);
}
