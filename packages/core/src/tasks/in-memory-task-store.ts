import { McpWireError } from '../errors/wire-error';
import { isTerminal, TaskCapacityError, type TaskLimits, type TaskPatch, type TaskRecord } from './task-model';
import type { TaskPage, TaskStore } from './task-store';

/**
 * The default `TaskStore`: one process, records in a Map in creation order. Bounded by the
 * limits `create` is given; expired records are dropped by `sweep` (the manager calls it on a
 * timer) and are never returned once past their retention.
 */
export class InMemoryTaskStore implements TaskStore {
  private readonly records = new Map<string, TaskRecord>();
  /** Unfinished records with a lease (what `failLapsed` looks at). */
  private readonly leased = new Set<string>();

  get size(): number {
    return this.records.size;
  }

  create(record: TaskRecord, limits: TaskLimits): Promise<void> {
    let active = 0;
    for (const other of this.records.values()) {
      if (sameRequestor(other, record) && !isTerminal(other.status)) active += 1;
    }
    if (active >= limits.maxActivePerOwner) {
      return Promise.reject(
        new TaskCapacityError(
          `Too many tasks in progress for this client (${limits.maxActivePerOwner}); wait for one to finish or cancel one, then try again.`,
        ),
      );
    }
    if (this.records.size >= limits.maxTasks && !this.evictOldestTerminal()) {
      return Promise.reject(
        new TaskCapacityError(`The server holds its maximum of ${limits.maxTasks} tasks; try again when some have finished.`),
      );
    }
    this.records.set(record.taskId, Object.freeze({ ...record }));
    if (record.leaseExpiresAt !== undefined && !isTerminal(record.status)) this.leased.add(record.taskId);
    return Promise.resolve();
  }

  get(taskId: string): Promise<TaskRecord | undefined> {
    return Promise.resolve(this.live(taskId, Date.now()));
  }

  update(taskId: string, patch: TaskPatch, now: number): Promise<TaskRecord | undefined> {
    const record = this.live(taskId, now);
    if (record === undefined || isTerminal(record.status)) return Promise.resolve(record);
    return Promise.resolve(this.patched(record, patch, now));
  }

  renew(taskIds: readonly string[], runner: string, leaseExpiresAt: number): Promise<readonly string[]> {
    const lost: string[] = [];
    const now = Date.now();
    for (const taskId of taskIds) {
      const record = this.live(taskId, now);
      if (record === undefined || isTerminal(record.status) || record.runner !== runner) lost.push(taskId);
      else this.records.set(taskId, Object.freeze({ ...record, leaseExpiresAt }));
    }
    return Promise.resolve(lost);
  }

  failLapsed(now: number, runner: string, patch: TaskPatch): Promise<readonly TaskRecord[]> {
    const failed: TaskRecord[] = [];
    for (const taskId of this.leased) {
      const record = this.live(taskId, now);
      if (record === undefined || isTerminal(record.status)) this.leased.delete(taskId);
      else if (record.runner !== runner && record.leaseExpiresAt !== undefined && record.leaseExpiresAt <= now)
        failed.push(this.patched(record, patch, now));
    }
    return Promise.resolve(failed);
  }

  /** Stores `record` changed by `patch`; a record that becomes terminal leaves the lease index. */
  private patched(record: TaskRecord, patch: TaskPatch, now: number): TaskRecord {
    const next: TaskRecord = Object.freeze({ ...record, ...patch, lastUpdatedAt: Math.max(now, record.lastUpdatedAt) });
    this.records.set(record.taskId, next);
    if (isTerminal(next.status)) this.leased.delete(record.taskId);
    return next;
  }

  list(owner: string, sessionId: string | undefined, cursor: string | undefined, limit: number): Promise<TaskPage> {
    const now = Date.now();
    const mine = [...this.records.values()].filter(
      (r) => r.owner === owner && (owner !== '' || r.sessionId === sessionId) && !expired(r, now),
    );
    let start = 0;
    if (cursor !== undefined) {
      // The cursor is the id of the last task of the previous page; a vanished one restarts after its position.
      const at = mine.findIndex((r) => r.taskId === cursor);
      if (at < 0) throw McpWireError.invalidParams('Invalid params: unknown or expired cursor');
      start = at + 1;
    }
    const tasks = mine.slice(start, start + limit);
    const last = tasks[tasks.length - 1];
    return Promise.resolve(start + limit < mine.length && last !== undefined ? { tasks, nextCursor: last.taskId } : { tasks });
  }

  sweep(now: number): Promise<readonly string[]> {
    const dropped: string[] = [];
    for (const [taskId, record] of this.records) {
      if (expired(record, now)) {
        this.records.delete(taskId);
        this.leased.delete(taskId);
        dropped.push(taskId);
      }
    }
    return Promise.resolve(dropped);
  }

  private live(taskId: string, now: number): TaskRecord | undefined {
    const record = this.records.get(taskId);
    if (record === undefined || !expired(record, now)) return record;
    this.records.delete(taskId);
    this.leased.delete(taskId);
    return undefined;
  }

  private evictOldestTerminal(): boolean {
    for (const [taskId, record] of this.records) {
      if (isTerminal(record.status)) {
        this.records.delete(taskId);
        return true;
      }
    }
    return false;
  }
}

function expired(record: TaskRecord, now: number): boolean {
  return now >= record.createdAt + record.ttlMs;
}

/** Same principal; without authentication, same 2025 session (2026 anonymous requests share one pool). */
function sameRequestor(a: TaskRecord, b: TaskRecord): boolean {
  return a.owner === b.owner && (a.owner !== '' || a.sessionId === b.sessionId);
}
