import type { ServerLogger } from '../logging/server-logger';
import { WireErrorCode } from '../errors/wire-error-codes';
import type { TaskPatch, TaskRecord } from '../tasks/task-model';
import type { TaskStore } from '../tasks/task-store';

/** The lease settings of `TaskOptions`, resolved. */
export interface LeaseSettings {
  /** How long a lease lasts from its last renewal, in ms. */
  readonly leaseMs: number;
  /** How often the running instance renews its leases, in ms (below `leaseMs`). */
  readonly renewEveryMs: number;
}

/** What a lapsed task's record becomes: failed, saying why. */
export const LAPSED_MESSAGE = 'The instance running this task stopped before the task finished';
const LAPSED: TaskPatch = Object.freeze({
  status: 'failed',
  statusMessage: LAPSED_MESSAGE,
  error: { code: WireErrorCode.InternalError, message: LAPSED_MESSAGE },
  inputRequests: undefined,
});

/** How often lapsed leases are looked for: often enough that a client polling sees the failure soon after the lease ends. */
const LAPSE_CHECK_MAX_MS = 1_000;

/** What `TaskLeases` asks of the manager it serves. */
export interface LeaseHolder {
  /** Ids of the tasks this instance runs now. */
  runningIds(): readonly string[];
  /** A task this instance runs is no longer its to run (it finished or failed elsewhere): stop its work. */
  lost(taskId: string): void;
  /** A task of a stopped instance was failed here: tell its watchers. */
  lapsed(record: TaskRecord): void;
}

/**
 * The leases of one instance's tasks: renews the leases of the tasks it runs, and fails the
 * tasks whose runner stopped renewing (another instance killed, or cut off from the store for
 * longer than a lease). Both timers are unref'd; `close` stops them.
 */
export class TaskLeases {
  private renewer: NodeJS.Timeout | undefined;
  private checker: NodeJS.Timeout | undefined;
  private busy = { renew: false, check: false };
  /** Warn once per outage, not every tick. */
  private failing = { renew: false, check: false };

  private runnerId: string | undefined;

  constructor(
    private readonly store: TaskStore,
    /** Makes this instance's id in records, once, when first needed (most apps never run a task). */
    private readonly makeRunnerId: () => string,
    readonly settings: LeaseSettings,
    private readonly holder: LeaseHolder,
    private readonly logger: ServerLogger,
  ) {}

  /** This instance's id in records (`TaskRecord.runner`). */
  get runner(): string {
    return (this.runnerId ??= this.makeRunnerId());
  }

  /** The lease a task created now gets. */
  leaseFrom(now: number): number {
    return now + this.settings.leaseMs;
  }

  /** Starts renewing (idempotent): once this instance runs a task. */
  startRenewing(): void {
    this.renewer ??= setInterval(() => void this.renew(), this.settings.renewEveryMs).unref();
  }

  /** Starts looking for lapsed leases (idempotent): when the store may hold other instances' tasks. */
  startChecking(): void {
    this.checker ??= setInterval(() => void this.check(), Math.min(this.settings.renewEveryMs, LAPSE_CHECK_MAX_MS)).unref();
  }

  close(): void {
    if (this.renewer !== undefined) clearInterval(this.renewer);
    if (this.checker !== undefined) clearInterval(this.checker);
    this.renewer = this.checker = undefined;
  }

  /** Renews the leases of the tasks running here; stops those the store says are no longer ours. */
  async renew(): Promise<void> {
    const ids = this.holder.runningIds();
    if (ids.length === 0 || this.busy.renew) return;
    this.busy.renew = true;
    try {
      const lost = await this.store.renew(ids, this.runner, this.leaseFrom(Date.now()));
      this.failing.renew = false;
      for (const taskId of lost) this.holder.lost(taskId);
    } catch (error) {
      if (!this.failing.renew) this.logger.warn('renewing the leases of running tasks failed', error);
      this.failing.renew = true;
    } finally {
      this.busy.renew = false;
    }
  }

  /** Fails the tasks whose lease lapsed (none of this instance's) and tells their watchers. */
  async check(): Promise<void> {
    if (this.busy.check) return;
    this.busy.check = true;
    try {
      const failed = await this.store.failLapsed(Date.now(), this.runner, LAPSED);
      this.failing.check = false;
      for (const record of failed) {
        this.logger.warn(`Task ${record.taskId} (tool "${record.toolName}") failed: its instance stopped renewing its lease`);
        this.holder.lapsed(record);
      }
    } catch (error) {
      if (!this.failing.check) this.logger.warn('looking for tasks whose instance stopped failed', error);
      this.failing.check = true;
    } finally {
      this.busy.check = false;
    }
  }
}
