import { nodeCrypto } from '../platform/node-crypto';
import { abortReasons, type ActiveRequestContext } from '../context/active-request-context';
import type { AuthInfo } from '../context/request-context';
import { McpWireError } from '../errors/wire-error';
import type { RequestParamsRecord } from '../protocol/request-params';
import type { DetachableRequest, ServerFeatures, TasksFeature, ToolsFeature } from '../protocol/server-features';
import type { ServerLogger } from '../logging/server-logger';
import { InMemoryTaskStore } from '../tasks/in-memory-task-store';
import { isTerminal, type TaskRecord } from '../tasks/task-model';
import type { RevisionTasks } from '../tasks/revision-tasks';
import type { TaskPage, TaskStore } from '../tasks/task-store';
import type { JSONRPCMessage } from '../wire/mcp-types.generated';
import { ownerOf, shownId } from './running-task';
import { answerHere } from './task-answers';
import { pollUntilTerminal, untilTerminal } from './task-result-wait';
import { TaskLeases } from './task-leases';
import { resolveTaskOptions, type TaskOptions } from './task-options';
import { TaskRunner } from './task-runner';
import { TaskSignalling } from './task-signalling';
import { TaskStarter } from './task-starter';
import { TaskStatusFeed, type TaskWatcher } from './task-status-feed';

export { TASK_DEFAULTS, type TaskOptions } from './task-options';
export { ownerOf } from './running-task';

/**
 * Runs tools as tasks for both revisions and answers the task methods: one per app. A task is
 * created before its handle is answered (a `tasks/get` right after finds it), runs its tool's
 * ordinary pipeline with a context hosted by a `TaskHost`, and ends in the store as completed, failed or
 * cancelled. Records live in the `TaskStore`; the running work lives here.
 */
export class TaskManager implements TasksFeature {
  private readonly store: TaskStore;
  private readonly pollIntervalMs: number;
  /** Admission and creation of tasks. */
  private readonly starter: TaskStarter;
  /** The tasks running here. */
  private readonly runner: TaskRunner;
  /** Status changes on their way to 2026 listen streams. */
  private readonly feed = new TaskStatusFeed();
  /** Cancels and answers for tasks other instances run, and theirs for tasks running here. */
  private readonly signalling: TaskSignalling;
  private readonly leases: TaskLeases;

  constructor(
    options: TaskOptions,
    private readonly logger: ServerLogger,
  ) {
    this.store = options.store ?? new InMemoryTaskStore();
    const settings = resolveTaskOptions(options);
    this.pollIntervalMs = settings.start.pollIntervalMs;
    const holder = {
      runningIds: () => this.runner.ids(),
      lost: (id: string) => this.runner.lost(id),
      lapsed: (r: TaskRecord) => this.lapsed(r),
    };
    this.leases = new TaskLeases(this.store, () => nodeCrypto().randomUUID(), settings.leases, holder, logger);
    this.runner = new TaskRunner(
      this.store,
      this.feed,
      logger,
      () => this.leases.startRenewing(),
      (sessionId, message) => this.notifySession?.(sessionId, message),
    );
    this.starter = new TaskStarter(this.store, this.runner, this.leases, settings.start, () => this.followLeases());
    this.signalling = new TaskSignalling(options.signals, this.store, this.runner, logger);
    // A store of its own holds this instance's tasks only: nobody else's lease can lapse in it.
    this.sharedStore = options.store !== undefined;
  }

  /** Whether other instances may share the store (it was given): then lapsed leases are looked for. */
  private readonly sharedStore: boolean;

  /**
   * Task traffic reached this instance: from now on it looks for lapsed leases too. An instance
   * that never served a task request stays silent on the store (no timer, no round trip).
   */
  private followLeases(): void {
    if (this.sharedStore) this.leases.startChecking();
  }

  /**
   * Where a 2025 task's status goes when this instance does not run it (its runner stopped):
   * to the creating session, wherever it is served (set by the app from its transports' routes).
   */
  notifySession: ((sessionId: string, message: JSONRPCMessage) => void) | undefined = undefined;

  /** Tasks running in this process. */
  get runningCount(): number {
    return this.runner.size;
  }

  /**
   * `tools/call` of a tool that may run as a task: the task handle (after the task is stored),
   * or undefined to run the call as usual. Throws the revision's refusal.
   */
  call(
    tasks: RevisionTasks,
    features: ServerFeatures,
    tools: ToolsFeature,
    name: string,
    args: Record<string, unknown> | undefined,
    params: RequestParamsRecord,
    ctx: ActiveRequestContext,
  ): Promise<object> | undefined {
    return this.starter.call(tasks, features, tools, name, args, params, ctx);
  }

  /** `ctx.startTask()`: the running request is answered with the task handle and goes on as the task. */
  detach(exchange: DetachableRequest): Promise<void> {
    return this.starter.detach(exchange);
  }

  /** Where status changes go to reach every instance's listen streams (set by the app when its bus is shared). */
  get publishStatus(): TaskStatusFeed['publish'] {
    return this.feed.publish;
  }

  set publishStatus(publish: TaskStatusFeed['publish']) {
    this.feed.publish = publish;
  }

  /** A task's new state (from any instance) reaches this instance's listen streams following it, of its owner only. */
  deliverStatus(owner: string, taskId: string, detailedTask: Record<string, unknown>): void {
    this.feed.deliver(owner, taskId, detailedTask);
  }

  /** The task `taskId` as `ctx`'s principal may see it; -32602 when unknown, expired or someone else's. */
  async get(taskId: string, ctx: ActiveRequestContext): Promise<TaskRecord> {
    this.followLeases();
    const running = this.runner.get(taskId);
    if (running !== undefined) await running.writes;
    const record = await this.store.get(taskId);
    if (record === undefined || record.owner !== ownerOf(ctx.authInfo))
      throw McpWireError.invalidParams(`Invalid params: task not found: ${shownId(taskId)} (unknown, expired or not yours)`);
    return record;
  }

  /** Cancels a task: the record as it was when terminal already, else the cancelled record. */
  async cancel(taskId: string, ctx: ActiveRequestContext): Promise<{ readonly record: TaskRecord; readonly wasTerminal: boolean }> {
    const record = await this.get(taskId, ctx);
    if (isTerminal(record.status)) return { record, wasTerminal: true };
    const local = this.runner.get(taskId) !== undefined;
    const cancelled = await this.runner.end(
      taskId,
      { status: 'cancelled', statusMessage: 'Cancelled by the client' },
      abortReasons.cancelled('tasks/cancel'),
    );
    // Stored as cancelled; the instance that runs it (if not this one) stops the work.
    if (!local) await this.signalling.cancelled(taskId);
    return { record: cancelled ?? record, wasTerminal: false };
  }

  /**
   * 2026 `tasks/update`: answers the task's outstanding questions by key. Keys not outstanding
   * are ignored; the update is stored before this resolves (a `tasks/get` right after sees it).
   */
  async update(taskId: string, responses: Record<string, unknown>, ctx: ActiveRequestContext): Promise<void> {
    const record = await this.get(taskId, ctx);
    const running = this.runner.get(taskId);
    if (running === undefined) return this.signalling.updateElsewhere(record, responses);
    if (!running.done) await answerHere(this.runner, running, responses);
  }

  /** 2025 `tasks/result`: waits until the task is terminal (or the request ends), then its record. */
  async result(taskId: string, ctx: ActiveRequestContext): Promise<TaskRecord> {
    const record = await this.get(taskId, ctx);
    const running = this.runner.get(taskId);
    if (isTerminal(record.status)) return record;
    if (running === undefined) return pollUntilTerminal(() => this.get(taskId, ctx), Math.min(this.pollIntervalMs, 500), ctx.signal);
    await untilTerminal(running, ctx);
    if (ctx.signal.aborted) throw ctx.signal.reason;
    return this.get(taskId, ctx);
  }

  /** 2025 `tasks/list`: the principal's tasks (without authentication, the session's). */
  list(ctx: ActiveRequestContext, cursor: string | undefined, pageSize: number): Promise<TaskPage> {
    this.followLeases();
    return this.store.list(
      ownerOf(ctx.authInfo),
      ctx.authInfo === undefined ? this.starter.sessionKeyOf(ctx) : undefined,
      cursor,
      pageSize,
    );
  }

  /**
   * A 2026 listen stream's `notifications.taskIds`: `send` gets each status change of those of
   * the tasks that belong to `authInfo`'s principal (others' tasks stay silent, as if unknown).
   * Returns the unsubscribe function.
   */
  watch(taskIds: readonly string[], authInfo: AuthInfo | undefined, send: TaskWatcher['send']): () => void {
    this.followLeases();
    return this.feed.watch(taskIds, ownerOf(authInfo), send);
  }

  /** Resolves true once no task runs here, or false after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    return this.runner.whenIdle(timeoutMs);
  }

  /** Shutdown: every task still running is cancelled and stored so; nothing stays "working". */
  async closeAll(): Promise<void> {
    const ids = this.runner.ids();
    await Promise.all(
      ids.map((id) =>
        this.runner.end(id, { status: 'cancelled', statusMessage: 'The server shut down before the task finished' }, abortReasons.closed()),
      ),
    );
    this.signalling.close();
    this.leases.close();
    this.runner.close();
  }

  /** Another instance's task was failed here (its lease lapsed): its watchers hear it, as if its runner had said so. */
  private lapsed(record: TaskRecord): void {
    this.feed.tell(record);
    const notification = this.starter.revisionTasks(record.revision)?.announce(record);
    if (notification !== undefined && record.sessionId !== undefined) this.notifySession?.(record.sessionId, notification);
  }
}
