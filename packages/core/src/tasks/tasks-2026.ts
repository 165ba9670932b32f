import { wireCodeOf } from '../errors/wire-encoding';
import type { RevisionTasks } from './revision-tasks';
import { declaresTasks, missingTasksExtension } from './tasks-extension';
import { taskHandle2026 } from './task-wire';

/**
 * MCP 2026-07-28 tasks extension: creating a task is the server's choice (a legacy `task`
 * param is ignored) once the request declares the extension; the task has no channel; a tool
 * error completes it (failed is for JSON-RPC errors); the handle is the flat task (`resultType: "task"`).
 */
export const TASKS_2026: RevisionTasks = Object.freeze({
  revision: '2026-07-28',
  admit(support, name, _params, ctx, retention) {
    if (support === 'forbidden') return undefined;
    if (!declaresTasks(ctx)) {
      if (support === 'required') throw missingTasksExtension(`tool "${name}"`);
      return undefined;
    }
    return { ttlMs: retention.default, support };
  },
  throughSession: false,
  outcome: () => 'completed',
  errorCode: (code) => wireCodeOf('2026-07-28', code),
  handle: taskHandle2026,
  announce: () => undefined,
} satisfies RevisionTasks);
