import type { TaskRecord } from '../tasks/task-model';
import { detailedTask2026 } from '../tasks/task-wire';

/** A `subscriptions/listen` stream following some tasks: its principal and how to reach it. */
export interface TaskWatcher {
  readonly owner: string;
  readonly send: (detailedTask: Record<string, unknown>) => void;
}

/**
 * Where task status changes go to reach 2026 `subscriptions/listen` streams following them
 * (`notifications.taskIds`): the watchers of this instance, by task id, and — when the app's bus
 * is shared — the bus first (`publish`), whose events come back to every instance's `deliver`.
 */
export class TaskStatusFeed {
  /** Listen streams following tasks, by task id. */
  private readonly watchers = new Map<string, Set<TaskWatcher>>();

  /** Where status changes go to reach every instance's listen streams (set by the app when its bus is shared). */
  publish: ((owner: string, taskId: string, detailedTask: Record<string, unknown>) => void) | undefined = undefined;

  /** `send` hears each status change of `taskIds` that belong to `owner`; returns the unsubscribe function. */
  watch(taskIds: readonly string[], owner: string, send: TaskWatcher['send']): () => void {
    const watcher: TaskWatcher = { owner, send };
    for (const taskId of taskIds) {
      let set = this.watchers.get(taskId);
      if (set === undefined) this.watchers.set(taskId, (set = new Set()));
      set.add(watcher);
    }
    return () => {
      for (const taskId of taskIds) {
        const set = this.watchers.get(taskId);
        set?.delete(watcher);
        if (set?.size === 0) this.watchers.delete(taskId);
      }
    };
  }

  /** A task's new state (from any instance) reaches this instance's listen streams following it, of its owner only. */
  deliver(owner: string, taskId: string, detailedTask: Record<string, unknown>): void {
    const watchers = this.watchers.get(taskId);
    if (watchers === undefined) return;
    for (const watcher of watchers) if (watcher.owner === owner) watcher.send(detailedTask);
  }

  /**
   * Listen streams following the task hear its new state: through the app's bus when one is
   * set (`publish`: the streams of every instance, this one's included), else here.
   */
  tell(record: TaskRecord): void {
    if (this.publish === undefined && !this.watchers.has(record.taskId)) return;
    const detailed = detailedTask2026(record);
    if (this.publish !== undefined) this.publish(record.owner, record.taskId, detailed);
    else this.deliver(record.owner, record.taskId, detailed);
  }
}
