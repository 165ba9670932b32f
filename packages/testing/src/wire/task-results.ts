/**
 * Task results the core schemas do not route by method: a 2025-11-25 `tools/call` answered with
 * a task (`CreateTaskResult`, in that schema) and a 2026-07-28 task handle (`resultType: "task"`,
 * the tasks extension `io.modelcontextprotocol/tasks`, which the 2026 core schema does not
 * define; checked here by its rules: the Task fields, the 2026 names, nothing of another status).
 */
const STATUSES = new Set(['working', 'input_required', 'completed', 'failed', 'cancelled']);
const NOT_ON_A_HANDLE = ['task', 'ttl', 'pollInterval', 'requestState', 'result', 'error', 'inputRequests'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isTaskHandle(result: unknown): boolean {
  return isObject(result) && result.resultType === 'task';
}

export function isCreateTaskResult2025(result: unknown): boolean {
  return isObject(result) && isObject(result.task) && result.content === undefined;
}

/** Errors of a 2026 task handle answering `requestMethod` (empty when valid). */
export function taskHandleErrors(result: unknown, requestMethod: string | undefined): string[] {
  if (requestMethod !== undefined && requestMethod !== 'tools/call') return [`server answered ${requestMethod} with resultType 'task', which only tools/call may use`];
  const handle = result as Record<string, unknown>;
  const errors: string[] = [];
  if (typeof handle.taskId !== 'string' || handle.taskId === '') errors.push('a task handle needs a non-empty string taskId');
  if (!STATUSES.has(handle.status as string)) errors.push(`a task handle's status must be one of ${[...STATUSES].join(', ')}`);
  for (const key of ['createdAt', 'lastUpdatedAt']) if (typeof handle[key] !== 'string') errors.push(`a task handle needs ${key} (ISO 8601 string)`);
  if (!(handle.ttlMs === null || (Number.isInteger(handle.ttlMs) && (handle.ttlMs as number) > 0))) errors.push('a task handle needs ttlMs: a positive integer or null');
  if (handle.pollIntervalMs !== undefined && !(Number.isInteger(handle.pollIntervalMs) && (handle.pollIntervalMs as number) > 0)) errors.push('pollIntervalMs must be a positive integer');
  if (handle.statusMessage !== undefined && typeof handle.statusMessage !== 'string') errors.push('statusMessage must be a string');
  for (const key of NOT_ON_A_HANDLE) if (key in handle) errors.push(`a task handle must not carry ${key}`);
  return errors;
}
