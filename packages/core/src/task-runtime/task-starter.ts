import { nodeCrypto } from '../platform/node-crypto';
import type { ActiveRequestContext } from '../context/active-request-context';
import type { RequestParamsRecord } from '../protocol/request-params';
import type { DetachableRequest, ServerFeatures, ToolsFeature } from '../protocol/server-features';
import { errorResult } from '../results/tool-error-result';
import { ToolError } from '../results/tool-error';
import type { RevisionTasks, TaskAdmission, TaskRetention } from '../tasks/revision-tasks';
import { TaskCapacityError, type TaskLimits, type TaskRecord, type TaskSupport } from '../tasks/task-model';
import { TASKS_2025 } from '../tasks/tasks-2025';
import { TASKS_2026 } from '../tasks/tasks-2026';
import type { TaskStore } from '../tasks/task-store';
import { ownerOf } from './running-task';
import type { TaskLeases } from './task-leases';
import type { TaskRunner } from './task-runner';

/** What a request that takes a task gets: its revision's tasks, retention and the tool's support. */
interface Admission extends TaskAdmission {
  readonly tasks: RevisionTasks;
}

/** The settings a `TaskStarter` applies to every task it creates. */
export interface StartSettings {
  readonly limits: TaskLimits;
  readonly retention: TaskRetention;
  readonly pollIntervalMs: number;
}

/**
 * Admission and creation: whether a `tools/call` takes a task (as its revision's `tasks`
 * decide), the record stored before the handle is answered, and the hand-over of the handler
 * to the runner — at once (`call`) or when the handler asks (`detach`, `ctx.startTask()`).
 */
export class TaskStarter {
  /** Keys of 2025 connections without a session id (stdio, in-memory), by their session info object. */
  private readonly connectionKeys = new WeakMap<object, string>();
  /** The task behaviour of each revision a record may name (the built-in ones, and any that created a task here). */
  private readonly revisions = new Map<string, RevisionTasks>([TASKS_2025, TASKS_2026].map((tasks) => [tasks.revision, tasks]));

  constructor(
    private readonly store: TaskStore,
    private readonly runner: TaskRunner,
    private readonly leases: TaskLeases,
    private readonly settings: StartSettings,
    /** Task traffic reached this instance (it starts looking for lapsed leases). */
    private readonly onTraffic: () => void,
  ) {}

  /** The task behaviour of the revision a record names (undefined for one this process never knew). */
  revisionTasks(revision: string): RevisionTasks | undefined {
    return this.revisions.get(revision);
  }

  /**
   * `tools/call` of a tool that may run as a task: the task handle (after the task is stored),
   * or undefined to run the call as usual. Throws the revision's refusal (2025 -32601 for a
   * task where the tool takes none or none where it needs one; 2026 -32021 without the extension).
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
    const support = tools.taskSupport?.(name);
    if (support === undefined) return undefined;
    const admitted = this.admission(tasks, support, name, params, ctx);
    // A handler that starts its task itself (`ctx.startTask()`) runs as an ordinary call until then.
    if (admitted === undefined || tools.taskStart?.(name) === 'handler') return undefined;
    return this.start(admitted, features, tools, name, args, params, ctx);
  }

  /**
   * `ctx.startTask()` of a request still running (`@Tool({ task: { start: 'handler' } })`): the
   * request is answered with the task handle and its handler goes on as the task, with the same
   * context re-hosted. Nothing changes when the request cannot take a task.
   */
  async detach(exchange: DetachableRequest): Promise<void> {
    const ctx = exchange.ctx;
    const features = exchange.kernel.features;
    const name = exchange.params.name;
    const support = typeof name === 'string' ? features.tools?.taskSupport?.(name) : undefined;
    if (exchange.method !== 'tools/call' || typeof name !== 'string' || support === undefined || ctx.taskId !== undefined || ctx.finished)
      return;
    const tasks = exchange.revision.tasks;
    if (tasks === undefined) return;
    const admitted = this.admission(tasks, support, name, exchange.params, ctx);
    if (admitted === undefined) return;
    const record = await this.created(admitted, name, ctx);
    if (record instanceof TaskCapacityError) {
      if (admitted.support === 'optional') return;
      throw new ToolError(record.message);
    }
    if (ctx.finished) return;
    const running = this.runner.host(record, tasks, features, ctx, exchange.params, ctx);
    ctx.rehost(running.host);
    this.runner.enlist(running);
    exchange.becomeTask(
      tasks.handle(record),
      (scope) => running.host.adoptScope(scope),
      (result, error) => void this.runner.settle(running, result as Record<string, unknown> | undefined, error),
    );
  }

  /**
   * Whether this request takes a task for a tool of `support`, as its revision's `tasks` decide:
   * its admission, or undefined to run it as an ordinary call; throws the revision's refusal.
   */
  admission(
    tasks: RevisionTasks,
    support: TaskSupport,
    name: string,
    params: RequestParamsRecord,
    ctx: ActiveRequestContext,
  ): Admission | undefined {
    const admitted = tasks.admit(support, name, params, ctx, this.settings.retention);
    if (admitted === undefined) return undefined;
    this.revisions.set(tasks.revision, tasks);
    return { tasks, ttlMs: admitted.ttlMs, support: admitted.support };
  }

  /** The 2025 session's id, or a key of its connection when the transport has no session ids. */
  sessionKeyOf(ctx: ActiveRequestContext): string {
    const info = ctx.session;
    if (info.id !== undefined) return info.id;
    let key = this.connectionKeys.get(info);
    if (key === undefined) {
      key = nodeCrypto().randomUUID();
      this.connectionKeys.set(info, key);
    }
    return key;
  }

  /** Stores a new task record for this request; the limit that held when the store refuses. */
  private async created(admitted: Admission, name: string, ctx: ActiveRequestContext): Promise<TaskRecord | TaskCapacityError> {
    this.onTraffic();
    const now = Date.now();
    const record: TaskRecord = {
      taskId: nodeCrypto().randomUUID(),
      owner: ownerOf(ctx.authInfo),
      sessionId: admitted.tasks.throughSession ? this.sessionKeyOf(ctx) : undefined,
      revision: admitted.tasks.revision,
      toolName: name,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: admitted.ttlMs,
      pollIntervalMs: this.settings.pollIntervalMs,
      runner: this.leases.runner,
      leaseExpiresAt: this.leases.leaseFrom(now),
    };
    try {
      await this.store.create(record, this.settings.limits);
    } catch (error) {
      if (error instanceof TaskCapacityError) return error;
      throw error;
    }
    return record;
  }

  private async start(
    admitted: Admission,
    features: ServerFeatures,
    tools: ToolsFeature,
    name: string,
    args: Record<string, unknown> | undefined,
    params: RequestParamsRecord,
    creator: ActiveRequestContext,
  ): Promise<object> {
    const record = await this.created(admitted, name, creator);
    if (record instanceof TaskCapacityError) {
      // Full: a tool that may run without a task runs as an ordinary call; one that may not is told why.
      if (admitted.support === 'optional') return tools.call(name, args, creator);
      return errorResult(record.message);
    }
    const running = this.runner.host(record, admitted.tasks, features, creator, params, undefined);
    running.ctx.rehost(running.host);
    this.runner.enlist(running);
    // The handler starts after the handle is on its way (the store has the task already).
    setImmediate(() => {
      let outcome: unknown;
      try {
        outcome = tools.call(name, args, running.ctx);
      } catch (error) {
        void this.runner.settle(running, undefined, error);
        return;
      }
      Promise.resolve(outcome).then(
        (result) => this.runner.settle(running, result as Record<string, unknown>, undefined),
        (error: unknown) => this.runner.settle(running, undefined, error),
      );
    });
    return admitted.tasks.handle(record);
  }
}
