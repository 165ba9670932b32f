import { HttpException } from '@nestjs/common';
import { ForbiddenError, McpWireError, ToolError, WireErrorCode } from '@armature/core';
import type { McpContext } from '../mcp-context';

/** Longest message taken from a Nest exception (a validation message may quote client input). */
const MAX_MESSAGE = 1000;

function messageOf(error: HttpException): string {
  const response = error.getResponse();
  const given: unknown = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  const text = Array.isArray(given) ? given.filter((m) => typeof m === 'string').join('; ') : typeof given === 'string' ? given : '';
  const message = text.length > 0 ? text : error.message;
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
}

/**
 * What a Nest `HttpException` no filter handled becomes in MCP (docs/nestjs.md has the table):
 * 401/403 refuse the call like a denied guard; other 4xx are the caller's mistake (a tool's
 * `isError` result, -32602 elsewhere, -32002 for a resource not found); 5xx, and anything that is
 * not a Nest exception, stay what they are: an unexpected failure, logged, answered generically.
 */
export function toMcpError(error: unknown, call: McpContext): unknown {
  if (!(error instanceof HttpException)) return error;
  const status = error.getStatus();
  if (status >= 500 || status < 400) return error;
  const message = messageOf(error);
  if (status === 401 || status === 403) return new ForbiddenError(message);
  if (call.kind === 'tool') return new ToolError(message, { cause: error });
  if (status === 404 && (call.kind === 'resource' || call.kind === 'resourceTemplate')) {
    return new McpWireError(WireErrorCode.ResourceNotFound, message);
  }
  return McpWireError.invalidParams(message);
}
