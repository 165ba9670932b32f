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
  if (requestMethod !== undefined && requestMethod !== 'tools/call')
    return [`server answered ${requestMethod} with resultType 'task', which only tools/call may use`];
  const handle = result as Record<string, unknown>;
  return taskFieldErrors(handle, 'a task handle').concat(
    NOT_ON_A_HANDLE.filter((key) => key in handle).map((key) => `a task handle must not carry ${key}`),
  );
}

/**
 * Errors of a 2026 `notifications/tasks` (the tasks extension): its params are the task as
 * `tasks/get` gives it (a `DetailedTask`: the status's payload, no `resultType`), tagged with
 * the listen stream's subscription id.
 */
export function taskNotificationErrors(message: unknown): string[] {
  const params = (message as { params?: unknown }).params;
  if (!isObject(params)) return ['notifications/tasks needs params'];
  const errors = taskFieldErrors(params, 'notifications/tasks');
  if ('resultType' in params) errors.push('notifications/tasks must not carry resultType');
  for (const key of ['ttl', 'pollInterval', 'requestState']) if (key in params) errors.push(`notifications/tasks must not carry ${key}`);
  if (params.status !== 'completed' && 'result' in params) errors.push('only a completed task carries result');
  if (params.status !== 'failed' && 'error' in params) errors.push('only a failed task carries error');
  if (params.status !== 'input_required' && 'inputRequests' in params) errors.push('only an input_required task carries inputRequests');
  const meta = params._meta;
  if (!isObject(meta) || typeof meta['io.modelcontextprotocol/subscriptionId'] === 'undefined')
    errors.push('notifications/tasks must carry _meta["io.modelcontextprotocol/subscriptionId"]');
  return errors;
}

/** The Task fields every 2026 task shape has. */
function taskFieldErrors(handle: Record<string, unknown>, what: string): string[] {
  const errors: string[] = [];
  if (typeof handle.taskId !== 'string' || handle.taskId === '') errors.push(`${what} needs a non-empty string taskId`);
  if (!STATUSES.has(handle.status as string)) errors.push(`${what}: status must be one of ${[...STATUSES].join(', ')}`);
  for (const key of ['createdAt', 'lastUpdatedAt'])
    if (typeof handle[key] !== 'string') errors.push(`${what} needs ${key} (ISO 8601 string)`);
  if (!(handle.ttlMs === null || (Number.isInteger(handle.ttlMs) && (handle.ttlMs as number) > 0)))
    errors.push(`${what} needs ttlMs: a positive integer or null`);
  if (handle.pollIntervalMs !== undefined && !(Number.isInteger(handle.pollIntervalMs) && (handle.pollIntervalMs as number) > 0))
    errors.push(`${what}: pollIntervalMs must be a positive integer`);
  if (handle.statusMessage !== undefined && typeof handle.statusMessage !== 'string')
    errors.push(`${what}: statusMessage must be a string`);
  return errors;
}
