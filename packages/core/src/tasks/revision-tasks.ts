import type { ActiveRequestContext } from '../context/active-request-context';
import type { JSONRPCNotification } from '../wire/mcp-types.generated';
import type { TaskRecord, TaskSupport } from './task-model';

/** What a request that takes a task gets: its retention and the tool's support. */
export interface TaskAdmission {
  readonly ttlMs: number;
  readonly support: 'optional' | 'required';
}

/** The retention bounds of the app's tasks (`TaskOptions.defaultTtlMs` / `maxTtlMs`). */
export interface TaskRetention {
  readonly default: number;
  readonly max: number;
}

/**
 * How one MCP revision runs tools as tasks: the `tasks` member of its `Revision`. The task
 * runtime asks it every question whose answer differs between revisions, and stores its
 * `revision` name in each task record, so a task keeps the wire of the request that created it.
 */
export interface RevisionTasks {
  /** The name a task record stores (`TaskRecord.revision`): the revision the task speaks. */
  readonly revision: string;
  /**
   * Whether this `tools/call` of a tool with `support` takes a task: its admission, or
   * undefined to run it as an ordinary call; throws the revision's refusal.
   */
  admit(
    support: TaskSupport,
    name: string,
    params: Readonly<Record<string, unknown>>,
    ctx: ActiveRequestContext,
    retention: TaskRetention,
  ): TaskAdmission | undefined;
  /**
   * Whether the task talks to its client through the creating session (2025: logs,
   * notifications and questions go there, and the record keeps the session for `tasks/list`),
   * or has no channel (2026: progress is the status message, questions become `inputRequests`).
   */
  readonly throughSession: boolean;
  /** The terminal status of a task whose tool returned `result` (2025 counts a tool error as failed). */
  outcome(result: Readonly<Record<string, unknown>>): 'completed' | 'failed';
  /** The number this revision gives a wire error code, for a failed task's `error`. */
  errorCode(code: number): number;
  /** The answer to the task-creating request: the task's handle on this revision's wire. */
  handle(record: TaskRecord): object;
  /** The notification telling the creating session of a status change; undefined when the revision sends none. */
  announce(record: TaskRecord): JSONRPCNotification | undefined;
}
