import type { TaskLimits, TaskPatch, TaskRecord } from './task-model';

/** One page of a `tasks/list` (2025-11-25). */
export interface TaskPage {
  readonly tasks: readonly TaskRecord[];
  readonly nextCursor?: string;
}

/**
 * Where task records live: the port a shared store (Redis, for several instances) implements;
 * `InMemoryTaskStore` is the default. Records are snapshots; every method may be asynchronous.
 * The running work itself (the handler, its abort signal, the questions it waits on) stays in
 * the process that runs it (`TaskManager`).
 */
export interface TaskStore {
  /** Stores a new record; rejects with `TaskCapacityError` when a limit holds. Resolves once `get` finds it. */
  create(record: TaskRecord, limits: TaskLimits): Promise<void>;
  /** The record, or undefined when unknown or past its retention. */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Applies `patch` (and a new `lastUpdatedAt`) unless the record is terminal; resolves with the
   * record after the change, the unchanged terminal record, or undefined when unknown.
   */
  update(taskId: string, patch: TaskPatch, now: number): Promise<TaskRecord | undefined>;
  /** The owner's records, oldest first (without authentication: also only `sessionId`'s). */
  list(owner: string, sessionId: string | undefined, cursor: string | undefined, limit: number): Promise<TaskPage>;
  /** Drops records past their retention; resolves with their ids. */
  sweep(now: number): Promise<readonly string[]>;
  /**
   * Extends to `leaseExpiresAt` the lease of each of `taskIds` that is unfinished and still
   * `runner`'s; resolves with the ids it did not extend (finished, gone, or failed by a lapse).
   */
  renew(taskIds: readonly string[], runner: string, leaseExpiresAt: number): Promise<readonly string[]>;
  /**
   * Applies `patch` (a terminal status) to every unfinished record whose lease ended by `now`,
   * except `runner`'s own, and frees their active-task slots; resolves with the records it
   * changed. Atomic per record: when instances race, each record changes once, and a record
   * that finished meanwhile is left as it is.
   */
  failLapsed(now: number, runner: string, patch: TaskPatch): Promise<readonly TaskRecord[]>;
}
