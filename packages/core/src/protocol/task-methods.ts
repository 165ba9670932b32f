import type { FeatureMethod } from './feature-methods';
import { McpWireError } from '../errors/wire-error';
import { optionalObject, requiredString } from './request-params';
import type { ServerFeatures, TasksFeature } from './server-features';
import { declaresTasks, missingTasksExtension } from '../tasks/tasks-extension';
import { detailedTask2026, RELATED_TASK, task2025 } from '../tasks/task-wire';

/** The app's task manager; -32601 when the app serves no task (no tool takes one). */
function tasksOf(features: ServerFeatures, method: string): TasksFeature {
  const tasks = features.tasks;
  if (tasks === undefined) throw McpWireError.methodNotFound(method);
  return tasks;
}

/** A 2026 task method: -32601 without tasks, -32021 when the request did not declare the extension. */
function tasks2026(features: ServerFeatures, method: string, ctx: Parameters<FeatureMethod>[2]): TasksFeature {
  const tasks = tasksOf(features, method);
  if (!declaresTasks(ctx)) throw missingTasksExtension(method);
  return tasks;
}

const cursorOf = (params: Record<string, unknown>): string | undefined => {
  const cursor = params.cursor;
  if (cursor === undefined) return undefined;
  if (typeof cursor !== 'string') throw McpWireError.invalidParams('Invalid params: "cursor" must be a string');
  return cursor;
};

/** MCP 2025-11-25 experimental tasks: get, result (waits), list, cancel (a finished task is -32602). */
export const TASK_METHODS_2025: ReadonlyMap<string, FeatureMethod> = new Map<string, FeatureMethod>([
  ['tasks/get', async (features, params, ctx) => task2025(await tasksOf(features, 'tasks/get').get(requiredString(params, 'taskId'), ctx))],
  [
    'tasks/result',
    async (features, params, ctx) => {
      const record = await tasksOf(features, 'tasks/result').result(requiredString(params, 'taskId'), ctx);
      if (record.result !== undefined) {
        const meta = { ...(record.result._meta as Record<string, unknown> | undefined), [RELATED_TASK]: { taskId: record.taskId } };
        return { ...record.result, _meta: meta };
      }
      if (record.error !== undefined) throw new McpWireError(record.error.code, record.error.message, record.error.data);
      throw McpWireError.invalidParams(
        `Invalid params: task ${record.taskId} was ${record.status === 'cancelled' ? 'cancelled' : 'ended'} before it had a result`,
      );
    },
  ],
  [
    'tasks/list',
    async (features, params, ctx, { pageSize }) => {
      const page = await tasksOf(features, 'tasks/list').list(ctx, cursorOf(params), pageSize);
      return page.nextCursor === undefined
        ? { tasks: page.tasks.map(task2025) }
        : { tasks: page.tasks.map(task2025), nextCursor: page.nextCursor };
    },
  ],
  [
    'tasks/cancel',
    async (features, params, ctx) => {
      const { record, wasTerminal } = await tasksOf(features, 'tasks/cancel').cancel(requiredString(params, 'taskId'), ctx);
      if (wasTerminal)
        throw McpWireError.invalidParams(`Invalid params: cannot cancel task ${record.taskId}: it is already ${record.status}`);
      return task2025(record);
    },
  ],
]);

/** The 2026-07-28 tasks extension: get (with the status's payload), update (answers), cancel (idempotent). */
export const TASK_METHODS_2026: ReadonlyMap<string, FeatureMethod> = new Map<string, FeatureMethod>([
  [
    'tasks/get',
    async (features, params, ctx) =>
      detailedTask2026(await tasks2026(features, 'tasks/get', ctx).get(requiredString(params, 'taskId'), ctx)),
  ],
  [
    'tasks/update',
    async (features, params, ctx) => {
      const tasks = tasks2026(features, 'tasks/update', ctx);
      const taskId = requiredString(params, 'taskId');
      const responses = optionalObject(params, 'inputResponses');
      if (responses === undefined) throw McpWireError.invalidParams('Invalid params: "inputResponses" must be an object of answers by key');
      await tasks.update(taskId, responses, ctx);
      return {};
    },
  ],
  [
    'tasks/cancel',
    async (features, params, ctx) => {
      await tasks2026(features, 'tasks/cancel', ctx).cancel(requiredString(params, 'taskId'), ctx);
      return {};
    },
  ],
]);
