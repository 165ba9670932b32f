import type { TaskRecord } from './task-model';

/** `_meta` key tying a 2025 message to its task. */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** Marks a `tools/call` result that is a task handle (2026: `resultType: "task"`), without a visible key. */
const TASK_HANDLE: unique symbol = Symbol('armature.taskHandle');

export function isTaskHandle(result: object): boolean {
  return (result as { [TASK_HANDLE]?: true })[TASK_HANDLE] === true;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** A task's wire fields, with the revision's names for retention and poll interval. */
function taskFields(record: TaskRecord, ttlKey: string, pollKey: string): Record<string, unknown> {
  const task: Record<string, unknown> = { taskId: record.taskId, status: record.status };
  if (record.statusMessage !== undefined) task.statusMessage = record.statusMessage;
  task.createdAt = iso(record.createdAt);
  task.lastUpdatedAt = iso(record.lastUpdatedAt);
  task[ttlKey] = record.ttlMs;
  task[pollKey] = record.pollIntervalMs;
  return task;
}

/** The 2025-11-25 `Task`: `ttl` and `pollInterval` in ms. */
export function task2025(record: TaskRecord): Record<string, unknown> {
  return taskFields(record, 'ttl', 'pollInterval');
}

/** The 2026-07-28 `Task`: `ttlMs` and `pollIntervalMs`, never a `requestState`. */
export function task2026(record: TaskRecord): Record<string, unknown> {
  return taskFields(record, 'ttlMs', 'pollIntervalMs');
}

/** The 2026 `DetailedTask` (`tasks/get`): the task plus its status's payload. */
export function detailedTask2026(record: TaskRecord): Record<string, unknown> {
  const task = task2026(record);
  if (record.status === 'completed' && record.result !== undefined) task.result = record.result;
  else if (record.status === 'failed' && record.error !== undefined) task.error = record.error;
  else if (record.status === 'input_required' && record.inputRequests !== undefined) task.inputRequests = record.inputRequests;
  return task;
}

/** The 2026 answer to a task-creating request: the flat task, marked as a handle (`resultType: "task"`). */
export function taskHandle2026(record: TaskRecord): object {
  const handle = task2026(record);
  Object.defineProperty(handle, TASK_HANDLE, { value: true, enumerable: false });
  return handle;
}
