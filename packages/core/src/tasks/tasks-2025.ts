import { wireCodeOf } from '../errors/wire-encoding';
import { McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import type { RevisionTasks } from './revision-tasks';
import { task2025 } from './task-wire';

/**
 * MCP 2025-11-25 experimental tasks: the client asks for a task (`params.task`, with an
 * optional `ttl`); the task speaks through its creating session (related-task `_meta`,
 * `notifications/tasks/status`); a tool error fails it; the handle is `{ task }`.
 */
export const TASKS_2025: RevisionTasks = Object.freeze({
  revision: '2025-11-25',
  admit(support, name, params, _ctx, retention) {
    const asked = params.task;
    if (asked === undefined) {
      if (support === 'required')
        throw new McpWireError(
          WireErrorCode.MethodNotFound,
          `Tool "${name}" requires task augmentation (execution.taskSupport "required"): call it with params.task`,
        );
      return undefined;
    }
    if (typeof asked !== 'object' || asked === null || Array.isArray(asked))
      throw McpWireError.invalidParams('Invalid params: "task" must be an object ({ ttl?: integer })');
    if (support === 'forbidden')
      throw new McpWireError(
        WireErrorCode.MethodNotFound,
        `Tool "${name}" does not support task augmentation (execution.taskSupport "forbidden"): call it without params.task`,
      );
    const ttl = (asked as { ttl?: unknown }).ttl;
    if (ttl !== undefined && !(Number.isInteger(ttl) && (ttl as number) > 0))
      throw McpWireError.invalidParams('Invalid params: "task.ttl" must be a positive integer (milliseconds)');
    return { ttlMs: ttl === undefined ? retention.default : Math.min(ttl as number, retention.max), support };
  },
  throughSession: true,
  outcome: (result) => (result.isError === true ? 'failed' : 'completed'),
  errorCode: (code) => wireCodeOf('2025-11-25', code),
  handle: (record) => ({ task: task2025(record) }),
  announce: (record) => ({ jsonrpc: '2.0', method: 'notifications/tasks/status', params: task2025(record) }),
} satisfies RevisionTasks);
