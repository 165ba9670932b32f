/**
 * Tasks (MCP 2025-11-25 experimental tasks; the 2026-07-28 extension `io.modelcontextprotocol/tasks`):
 * the revision-neutral record of one long-running tool call. Each revision's wire shape is made
 * from it in task-wire.ts.
 */

/** A task's status; the last three are terminal (a terminal task never changes again). */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

// Declared with the other author options (metadata/option-shapes.ts).
import type { TaskPolicy, TaskSupport } from '../metadata/option-shapes';
export type { TaskPolicy, TaskSupport };

/** The 2026-07-28 extension id (in `capabilities.extensions`, both sides). */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

const TERMINAL: ReadonlySet<TaskStatus> = new Set<TaskStatus>(['completed', 'failed', 'cancelled']);

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL.has(status);
}

/** A question the task's handler waits on (2026: listed in `inputRequests` under its key). */
export interface TaskInputRequest {
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** A JSON-RPC error a task failed with (`failed` status). */
export interface TaskError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** The stored state of one task. Records are immutable snapshots: a change is a new record. */
export interface TaskRecord {
  readonly taskId: string;
  /** Who may read, answer and cancel it: the principal's key, '' without authentication. */
  readonly owner: string;
  /** The 2025 session that created it (what an unauthenticated `tasks/list` is scoped to). */
  readonly sessionId: string | undefined;
  /**
   * The revision of the request that created it (its `RevisionTasks.revision`, e.g.
   * '2026-07-28'): its wire shape everywhere.
   */
  readonly revision: string;
  readonly toolName: string;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly lastUpdatedAt: number;
  /** Retention from creation in ms; the record is dropped after it, whatever its status. */
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  /** `completed`: the tool's result (a CallToolResult). */
  readonly result?: Readonly<Record<string, unknown>>;
  /** `failed`: the JSON-RPC error. */
  readonly error?: TaskError;
  /** `input_required`: the outstanding questions by key. */
  readonly inputRequests?: Readonly<Record<string, TaskInputRequest>>;
  /** The instance running the task (an id of its `TaskManager`); set while it is unfinished. */
  readonly runner?: string;
  /**
   * Epoch ms when the runner's lease ends unless renewed: past it, any instance may fail the
   * task (its runner stopped without storing an outcome).
   */
  readonly leaseExpiresAt?: number;
}

/** What a store change may set (never `taskId`, `owner`, `createdAt`, `ttlMs`, nor the lease). */
export type TaskPatch = Partial<Pick<TaskRecord, 'status' | 'statusMessage' | 'result' | 'error' | 'inputRequests'>>;

/** Bounds a store enforces when a task is created. */
export interface TaskLimits {
  /** Records kept at once (any status); when full, the oldest terminal record makes room, else creation is refused. */
  readonly maxTasks: number;
  /** Tasks not yet terminal per owner (per session without authentication). */
  readonly maxActivePerOwner: number;
}

/** Why a store refused to create a task. */
export class TaskCapacityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskCapacityError';
  }
}

/**
 * Records stored before tasks named their revision carry an `era` ('2025' | '2026') instead:
 * the revision each era stood for.
 */
const ERA_REVISIONS: ReadonlyMap<unknown, string> = new Map([
  ['2025', '2025-11-25'],
  ['2026', '2026-07-28'],
]);

/**
 * A record as a store reads it back: one written by an older Armature (an `era` instead of a
 * `revision`) gets the revision its era stood for, so tasks stored before an upgrade still load.
 */
export function storedTaskRecord(fields: Readonly<Record<string, unknown>>): TaskRecord {
  const legacy = fields.revision === undefined ? ERA_REVISIONS.get(fields.era) : undefined;
  if (legacy === undefined) return fields as unknown as TaskRecord;
  const { era: _era, ...rest } = fields;
  return { ...rest, revision: legacy } as unknown as TaskRecord;
}
