import type { McpRevision } from './mcp-revision';
import { schemaErrors } from './mcp-wire-schema';
import { WIRE_TABLES, type WireTables } from './mcp-wire-tables';
import { isCreateTaskResult2025, isTaskHandle, taskHandleErrors, taskNotificationErrors } from './task-results';

interface MessageFields {
  readonly method?: unknown;
  readonly id?: unknown;
  readonly result?: unknown;
  readonly error?: unknown;
}

/**
 * Checks one message a server sent against the MCP schema of `revision` (default 2025-11-25):
 * the JSON-RPC envelope always, then the notification, request, error or result type.
 * `requestMethod` is the method of the client request a response answers (unknown: results
 * are only checked as `Result`). In 2026-07-28 a server request is always a violation, as is a
 * result for a method that revision removed (`initialize`, `ping`…), and a result with
 * `resultType: 'input_required'` is an `InputRequiredResult` (only `tools/call`, `prompts/get`
 * and `resources/read` may answer so). Empty when valid.
 */
export function serverMessageErrors(message: unknown, requestMethod: string | undefined, revision: McpRevision = '2025-11-25'): string[] {
  const errors = schemaErrors('JSONRPCMessage', message, revision);
  if (errors.length > 0) return errors;
  const tables = WIRE_TABLES[revision];
  const record = message as MessageFields;
  if (typeof record.method === 'string') {
    return record.id === undefined
      ? notificationErrors(record.method, message, tables, revision)
      : requestErrors(record.method, message, tables, revision);
  }
  if (record.error !== undefined) return schemaErrors(errorType(record.error, tables), message, revision);
  return schemaErrors('JSONRPCResultResponse', message, revision).concat(resultErrors(record.result, requestMethod, tables, revision));
}

function notificationErrors(method: string, message: unknown, tables: WireTables, revision: McpRevision): string[] {
  // The tasks extension's notification is not in the 2026 core schema.
  if (revision === '2026-07-28' && method === 'notifications/tasks') return taskNotificationErrors(message);
  const type = tables.notifications[method];
  return type === undefined ? [`server sent an unknown notification ${method}`] : schemaErrors(type, message, revision);
}

function requestErrors(method: string, message: unknown, tables: WireTables, revision: McpRevision): string[] {
  if (tables.requests === undefined) return [`server sent a request ${method}, but servers send no requests in MCP ${revision}`];
  const type = tables.requests[method];
  return type === undefined ? [`server sent an unknown request ${method}`] : schemaErrors(type, message, revision);
}

function errorType(error: unknown, tables: WireTables): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return (typeof code === 'number' ? tables.errorsByCode[code] : undefined) ?? 'JSONRPCErrorResponse';
}

function resultErrors(result: unknown, requestMethod: string | undefined, tables: WireTables, revision: McpRevision): string[] {
  if (requestMethod !== undefined && tables.removedMethods.includes(requestMethod)) {
    return [`server answered ${requestMethod}, which does not exist in MCP ${revision}`];
  }
  if (isInputRequired(result) && tables.inputRequiredMethods.length > 0) {
    if (requestMethod === undefined || tables.inputRequiredMethods.includes(requestMethod))
      return schemaErrors('InputRequiredResult', result, revision);
    return [
      `server answered ${requestMethod} with resultType 'input_required', which only ${tables.inputRequiredMethods.join(', ')} may use`,
    ];
  }
  if (revision === '2026-07-28' && isTaskHandle(result)) return taskHandleErrors(result, requestMethod);
  if (revision !== '2026-07-28' && requestMethod === 'tools/call' && isCreateTaskResult2025(result))
    return schemaErrors('CreateTaskResult', result, revision);
  const type = requestMethod === undefined ? 'Result' : (tables.results[requestMethod] ?? 'Result');
  return schemaErrors(type, result, revision);
}

function isInputRequired(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { resultType?: unknown }).resultType === 'input_required';
}
