import { ArmatureError } from '@armature/di';
import { ActiveRequestContext } from '../context/active-request-context';
import { EngineErrorCode } from '../errors/engine-error-codes';
import { IdleWaiters } from '../kernel/idle-waiters';
import type { ServerLogger } from '../logging/server-logger';
import type { RequestParamsRecord } from '../protocol/request-params';
import type { ServerFeatures } from '../protocol/server-features';
import type { RevisionTasks } from '../tasks/revision-tasks';
import { TaskHost } from '../tasks/task-host';
import { isTerminal, type TaskPatch, type TaskRecord } from '../tasks/task-model';
import type { TaskStore } from '../tasks/task-store';
import type { JSONRPCNotification } from '../wire/mcp-types.generated';
import { failureOf, type Running } from './running-task';
import { askInTask } from './task-questions';
import type { TaskStatusFeed } from './task-status-feed';

const SWEEP_EVERY_MS = 5_000;

/**
 * The tasks this process runs: hosts each one's handler (`TaskHost`), whose questions become
 * input requests (task-questions.ts), keeps its store writes in order, settles or stops it, wakes whoever waits on
 * it (`tasks/result`, the shutdown drain through `whenIdle`), and sweeps the expired ones.
 * Status changes go to the creating session (as the task's revision announces them) and to the
 * status feed.
 */
export class TaskRunner {
  private readonly running = new Map<string, Running>();
  /** Who waits for no task to run here (shutdown's drain). */
  private readonly idle = new IdleWaiters();
  /** Tasks stopped here whose terminal status is still being stored and told: the runner is not idle yet. */
  private settling = 0;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: TaskStore,
    private readonly feed: TaskStatusFeed,
    private readonly logger: ServerLogger,
    /** A task started running here (the lease renewer starts). */
    private readonly enlisted: () => void,
    /** A message to a 2025 session by id, wherever it is served (when the creator's copy here closed). */
    private readonly bySession: (sessionId: string, message: JSONRPCNotification) => void = () => undefined,
  ) {}

  /** Tasks running in this process. */
  get size(): number {
    return this.running.size;
  }

  /** The task `taskId` when it runs here. */
  get(taskId: string): Running | undefined {
    return this.running.get(taskId);
  }

  /** Ids of the tasks running here. */
  ids(): string[] {
    return [...this.running.keys()];
  }

  /** Resolves true once no task runs here and every stopped one's terminal status was stored and told, or false after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    return this.idle.wait(this.isIdle(), timeoutMs);
  }

  private isIdle(): boolean {
    return this.running.size === 0 && this.settling === 0;
  }

  /** Stops sweeping (shutdown). */
  close(): void {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  enlist(running: Running): void {
    this.running.set(running.taskId, running);
    this.enlisted();
    this.sweeper ??= setInterval(() => void this.sweep(), SWEEP_EVERY_MS).unref();
  }

  /**
   * The running task of `record`: its host (the creating request's facts, reporting to this
   * runner) and its handler's context — `own` when the request itself became the task, else a
   * new context like the creator's (the caller re-hosts it).
   */
  host(
    record: TaskRecord,
    tasks: RevisionTasks,
    features: ServerFeatures,
    creator: ActiveRequestContext,
    params: RequestParamsRecord,
    own: ActiveRequestContext | undefined,
  ): Running {
    const taskId = record.taskId;
    let running!: Running;
    const reporter = {
      progress: (message: string) => void this.write(running, { statusMessage: message }),
      ask: (method: string, askedParams: Record<string, unknown>, key: string | undefined) =>
        askInTask(running, method, askedParams, key, (patch) => void this.write(running, patch)),
      waiting: (waiting: boolean) => {
        running.askedOut += waiting ? 1 : -1;
        if (waiting && running.askedOut === 1) void this.write(running, { status: 'input_required' });
        else if (!waiting && running.askedOut === 0) void this.write(running, { status: 'working' });
      },
      get resultRequestId() {
        const waiter = running.resultWaiters[running.resultWaiters.length - 1];
        return waiter?.requestId;
      },
    };
    const creatorHost = creator.host;
    const sessionId = record.sessionId;
    const bySession = sessionId === undefined ? undefined : (message: JSONRPCNotification): void => this.bySession(sessionId, message);
    const host = new TaskHost(taskId, tasks.throughSession, creatorHost, creator.session, features.openSession, reporter, bySession);
    const ctx = own ?? new ActiveRequestContext(host, creator.requestId, 'tools/call', params, creator.authInfo, creator.requestInfo);
    running = {
      taskId,
      toolName: record.toolName,
      sessionId,
      tasks,
      expiresAt: record.createdAt + record.ttlMs,
      ctx,
      host,
      creatorHost,
      questions: new Map(),
      usedKeys: new Set(),
      resultWaiters: [],
      whenTerminal: [],
      writes: Promise.resolve(),
      askedOut: 0,
      done: false,
    };
    return running;
  }

  settle(running: Running, result: Record<string, unknown> | undefined, thrown: unknown): Promise<unknown> {
    if (running.done) return Promise.resolve();
    let patch: TaskPatch;
    if (result !== undefined && thrown === undefined) {
      patch = { status: running.tasks.outcome(result), result, inputRequests: undefined };
    } else {
      const error = failureOf(running, thrown, this.logger);
      patch = { status: 'failed', error, statusMessage: error.message, inputRequests: undefined };
    }
    return this.end(running.taskId, patch, undefined);
  }

  /** Moves a running task to a terminal status, stops its work and wakes whoever waits on it. */
  async end(taskId: string, patch: TaskPatch, abortReason: ArmatureError | undefined): Promise<TaskRecord | undefined> {
    const running = this.running.get(taskId);
    if (running === undefined || running.done) {
      // The task runs on another instance (or finished): its new state is told from here.
      const record = await this.store.update(taskId, patch, Date.now());
      if (record !== undefined && running === undefined) this.feed.tell(record);
      return record;
    }
    this.settling++;
    try {
      this.stop(running, abortReason, false);
      const record = await this.write(running, patch);
      for (const wake of running.whenTerminal.splice(0)) wake();
      if (record !== undefined) this.announce(running, record);
      return record;
    } finally {
      this.settling--;
      if (this.isIdle()) this.idle.wake();
    }
  }

  /** Stops a running task's work here (its terminal status is stored by the caller, or was elsewhere). */
  stop(running: Running, abortReason: ArmatureError | undefined, wake = true): void {
    running.done = true;
    this.running.delete(running.taskId);
    if (this.isIdle()) this.idle.wake();
    if (abortReason !== undefined) running.ctx.abort(abortReason);
    else running.ctx.finished = true;
    for (const question of running.questions.values())
      question.reject(abortReason ?? new ArmatureError(EngineErrorCode.REQUEST_CANCELLED, 'The task ended'));
    running.questions.clear();
    running.host.close((error) => this.logger.warn('disposing a task scope failed', error));
    // The caller that stores the terminal status wakes the waiters once it is stored.
    if (wake) for (const waiter of running.whenTerminal.splice(0)) waiter();
  }

  write(running: Running, patch: TaskPatch): Promise<TaskRecord | undefined> {
    const next = running.writes.then(() => this.store.update(running.taskId, patch, Date.now()));
    running.writes = next.catch((error: unknown) => this.logger.warn(`storing task ${running.taskId} failed`, error));
    return next.then(
      (record) => {
        if (record !== undefined && patch.status !== undefined && !isTerminal(patch.status)) this.announce(running, record);
        return record;
      },
      () => undefined,
    );
  }

  /** A status change: to the creating session as the revision announces it (2025), and to the status feed. */
  private announce(running: Running, record: TaskRecord): void {
    const notification = running.tasks.announce(record);
    if (notification !== undefined) {
      // The creator's session copy here closed (idled out, or the app is shutting down): by session id.
      if (running.creatorHost.sessionClosed === true && running.sessionId !== undefined) this.bySession(running.sessionId, notification);
      else void running.creatorHost.notify(notification, undefined);
    }
    this.feed.tell(record);
  }

  /** The store says a task running here is finished or failed (its lease lapsed while this instance was cut off): the work stops. */
  lost(taskId: string): void {
    const running = this.running.get(taskId);
    if (running === undefined || running.done) return;
    this.logger.warn(
      `Task ${taskId} (tool "${running.toolName}") ended elsewhere while it ran here (its lease lapsed, or it was cancelled): its work stops`,
    );
    this.stop(running, new ArmatureError(EngineErrorCode.REQUEST_CANCELLED, `Task ${taskId} ended elsewhere before it finished here`));
  }

  private async sweep(): Promise<void> {
    let dropped: readonly string[];
    try {
      dropped = await this.store.sweep(Date.now());
    } catch (error) {
      this.logger.warn('sweeping expired tasks failed', error);
      return;
    }
    const now = Date.now();
    // Past its retention while still running: the work stops (nobody can read its result any
    // more). Checked here too, since with a shared store another instance may have swept it.
    const expired = new Set(dropped.filter((taskId) => this.running.has(taskId)));
    for (const running of this.running.values()) if (running.expiresAt <= now) expired.add(running.taskId);
    for (const taskId of expired) {
      const running = this.running.get(taskId);
      if (running !== undefined)
        this.stop(running, new ArmatureError(EngineErrorCode.REQUEST_TIMEOUT, `Task ${taskId} expired before it finished`));
    }
  }
}
