import type { TaskStore } from '../tasks/task-store';
import type { TaskSignals } from '../tasks/task-signals';
import type { LeaseSettings } from './task-leases';
import type { StartSettings } from './task-starter';

/** Options of the app's tasks (`Armature.create(…, { tasks })`). */
export interface TaskOptions {
  /** Where task records live; default: in this process (`InMemoryTaskStore`). */
  readonly store?: TaskStore;
  /** Retention of a task from its creation, in ms (default 1 h); a 2025 client may ask for less or more, up to `maxTtlMs`. */
  readonly defaultTtlMs?: number;
  /** Longest retention a client may ask for (default 24 h). */
  readonly maxTtlMs?: number;
  /** The poll interval suggested to clients, in ms (default 1,000). */
  readonly pollIntervalMs?: number;
  /** Task records kept at once (default 10,000); the oldest finished ones make room first. */
  readonly maxTasks?: number;
  /** Unfinished tasks per principal (per session without authentication; default 64). */
  readonly maxActivePerOwner?: number;
  /**
   * How instances sharing a `store` reach each other's running tasks (cancel, answers); default:
   * none (one instance). `@armature/redis` provides one on pub/sub.
   */
  readonly signals?: TaskSignals;
  /**
   * How long a running task's lease lasts from its last renewal, in ms (default 15,000). When
   * the instance running a task stops renewing it (killed, or cut off from the store), any
   * instance sharing the store marks the task failed once the lease has lapsed.
   */
  readonly leaseMs?: number;
  /** How often the instance running a task renews its lease, in ms (default 5,000; less than `leaseMs`). */
  readonly leaseRenewMs?: number;
}

export const TASK_DEFAULTS = Object.freeze({
  defaultTtlMs: 3_600_000,
  maxTtlMs: 86_400_000,
  pollIntervalMs: 1_000,
  maxTasks: 10_000,
  maxActivePerOwner: 64,
  leaseMs: 15_000,
  leaseRenewMs: 5_000,
});

/** `TaskOptions` with their defaults applied: what the starter and the leases use. */
export function resolveTaskOptions(options: TaskOptions): { readonly start: StartSettings; readonly leases: LeaseSettings } {
  return {
    start: {
      limits: {
        maxTasks: options.maxTasks ?? TASK_DEFAULTS.maxTasks,
        maxActivePerOwner: options.maxActivePerOwner ?? TASK_DEFAULTS.maxActivePerOwner,
      },
      retention: { default: options.defaultTtlMs ?? TASK_DEFAULTS.defaultTtlMs, max: options.maxTtlMs ?? TASK_DEFAULTS.maxTtlMs },
      pollIntervalMs: options.pollIntervalMs ?? TASK_DEFAULTS.pollIntervalMs,
    },
    leases: {
      leaseMs: options.leaseMs ?? TASK_DEFAULTS.leaseMs,
      renewEveryMs: options.leaseRenewMs ?? TASK_DEFAULTS.leaseRenewMs,
    },
  };
}
