import { nodeCrypto } from '../platform/node-crypto';
import { ArmatureError } from '@armature/di';
import { abortReasons, ActiveRequestContext } from '../context/active-request-context';
import type { RequestHost } from '../context/request-host';
import { ToolError } from '../results/tool-error';
import { invalidClientResult, missingClientCapability } from '../context/client-capability-check';
import type { AuthInfo } from '../context/request-context';
import { principalKey } from '../context/principal';
import { EngineErrorCode } from '../errors/engine-error-codes';
import { isMcpWireError, McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import { wireCodeOf } from '../errors/wire-encoding';
import { IdleWaiters } from '../kernel/idle-waiters';
import { PROTOCOL_2026 } from '../kernel/mcp-2026';
import type { RequestParamsRecord } from '../protocol/request-params';
import type { DetachableRequest, ServerFeatures, TasksFeature, ToolsFeature } from '../protocol/server-features';
import type { ServerLogger } from '../logging/server-logger';
import { errorResult } from '../results/tool-error-result';
import { InMemoryTaskStore } from '../tasks/in-memory-task-store';
import { TaskHost } from '../tasks/task-host';
import {
  isTerminal,
  TaskCapacityError,
  type TaskError,
  type TaskInputRequest,
  type TaskLimits,
  type TaskPatch,
  type TaskRecord,
  type TaskSupport,
  TASK_ERA_REVISION,
} from '../tasks/task-model';
import type { TaskPage, TaskStore } from '../tasks/task-store';
import type { TaskSignal, TaskSignals } from '../tasks/task-signals';
import { declaresTasks, missingTasksExtension } from '../tasks/tasks-extension';
import { createTaskResult, detailedTask2026, task2025 } from '../tasks/task-wire';
import type { JSONRPCMessage } from '../wire/mcp-types.generated';
import { TaskLeases } from './task-leases';

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

const SWEEP_EVERY_MS = 5_000;

interface Question extends TaskInputRequest {
  readonly resolve: (answer: Record<string, unknown>) => void;
  readonly reject: (error: unknown) => void;
}

/** What a request that takes a task gets: its revision, retention and the tool's support. */
interface Admission {
  readonly era: '2025' | '2026';
  readonly ttlMs: number;
  readonly support: 'optional' | 'required';
}

/** A task this process runs: its handler's context and what it waits on. */
interface Running {
  readonly taskId: string;
  readonly toolName: string;
  readonly era: '2025' | '2026';
  /** Epoch ms past which the record is gone: the work stops then. */
  readonly expiresAt: number;
  readonly ctx: ActiveRequestContext;
  readonly host: TaskHost;
  /** The creating request's host (2025: status notifications go to its session through it). */
  readonly creatorHost: RequestHost;
  readonly questions: Map<string, Question>;
  readonly usedKeys: Set<string>;
  /** `tasks/result` requests waiting (2025), newest last; their stream carries the task's messages. */
  readonly resultWaiters: ActiveRequestContext[];
  readonly whenTerminal: (() => void)[];
  /** Store writes in order (a shared store may be asynchronous). */
  writes: Promise<unknown>;
  askedOut: number;
  done: boolean;
}

/** A `subscriptions/listen` stream following some tasks: its principal and how to reach it. */
interface TaskWatcher {
  readonly owner: string;
  readonly send: (detailedTask: Record<string, unknown>) => void;
}

/** The principal a task belongs to (`principalKey`: issuer, subject and client id), '' without authentication. */
export function ownerOf(authInfo: AuthInfo | undefined): string {
  return principalKey(authInfo) ?? '';
}

function shownId(taskId: string): string {
  return JSON.stringify(taskId.length > 64 ? `${taskId.slice(0, 64)}…` : taskId);
}

/**
 * Runs tools as tasks for both revisions and answers the task methods: one per app. A task is
 * created before its handle is answered (a `tasks/get` right after finds it), runs its tool's
 * ordinary pipeline with a context hosted by a `TaskHost`, and ends in the store as completed, failed or
 * cancelled. Records live in the `TaskStore`; the running work lives here.
 */
export class TaskManager implements TasksFeature {
  private readonly store: TaskStore;
  private readonly limits: TaskLimits;
  private readonly ttl: { readonly default: number; readonly max: number };
  private readonly pollIntervalMs: number;
  private readonly running = new Map<string, Running>();
  /** Who waits for no task to run here (shutdown's drain). */
  private readonly idle = new IdleWaiters();
  /** 2026 listen streams following tasks (`notifications.taskIds`), by task id. */
  private readonly watchers = new Map<string, Set<TaskWatcher>>();
  /** Keys of 2025 connections without a session id (stdio, in-memory), by their session info object. */
  private readonly connectionKeys = new WeakMap<object, string>();
  private sweeper: NodeJS.Timeout | undefined;
  private readonly signals: TaskSignals | undefined;
  private readonly unsubscribe: (() => void) | undefined;
  private readonly leases: TaskLeases;

  constructor(
    options: TaskOptions,
    private readonly logger: ServerLogger,
  ) {
    this.store = options.store ?? new InMemoryTaskStore();
    this.signals = options.signals;
    this.unsubscribe = this.signals?.subscribe((signal) => this.onSignal(signal));
    this.limits = {
      maxTasks: options.maxTasks ?? TASK_DEFAULTS.maxTasks,
      maxActivePerOwner: options.maxActivePerOwner ?? TASK_DEFAULTS.maxActivePerOwner,
    };
    this.ttl = { default: options.defaultTtlMs ?? TASK_DEFAULTS.defaultTtlMs, max: options.maxTtlMs ?? TASK_DEFAULTS.maxTtlMs };
    this.pollIntervalMs = options.pollIntervalMs ?? TASK_DEFAULTS.pollIntervalMs;
    const settings = {
      leaseMs: options.leaseMs ?? TASK_DEFAULTS.leaseMs,
      renewEveryMs: options.leaseRenewMs ?? TASK_DEFAULTS.leaseRenewMs,
    };
    this.leases = new TaskLeases(
      this.store,
      () => nodeCrypto().randomUUID(),
      settings,
      {
        runningIds: () => [...this.running.keys()],
        lost: (taskId) => this.lost(taskId),
        lapsed: (record) => this.lapsed(record),
      },
      logger,
    );
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
    return this.running.size;
  }

  /**
   * `tools/call` of a tool that may run as a task: the task handle (after the task is stored),
   * or undefined to run the call as usual. Throws the revision's refusal (2025 -32601 for a
   * task where the tool takes none or none where it needs one; 2026 -32021 without the extension).
   */
  call(
    features: ServerFeatures,
    tools: ToolsFeature,
    name: string,
    args: Record<string, unknown> | undefined,
    params: RequestParamsRecord,
    ctx: ActiveRequestContext,
  ): Promise<object> | undefined {
    const support = tools.taskSupport?.(name);
    if (support === undefined) return undefined;
    const admitted = this.admission(support, name, params, ctx);
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
    const admitted = this.admission(support, name, exchange.params, ctx);
    if (admitted === undefined) return;
    const record = await this.created(admitted, name, ctx);
    if (record instanceof TaskCapacityError) {
      if (admitted.support === 'optional') return;
      throw new ToolError(record.message);
    }
    if (ctx.finished) return;
    const running = this.hosted(record, features, ctx, exchange.params, ctx);
    ctx.rehost(running.host);
    this.enlist(running);
    exchange.becomeTask(
      createTaskResult(record),
      (scope) => running.host.adoptScope(scope),
      (result, error) => void this.settle(running, result as Record<string, unknown> | undefined, error),
    );
  }

  /**
   * Whether this request takes a task for a tool of `support`: its revision, retention and
   * support; undefined to run it as an ordinary call; throws the revision's refusal (2025 -32601
   * for a task where the tool takes none or none where it needs one; 2026 -32021 without the extension).
   */
  private admission(support: TaskSupport, name: string, params: RequestParamsRecord, ctx: ActiveRequestContext): Admission | undefined {
    if (ctx.session.protocolVersion === PROTOCOL_2026) {
      // 2026: task creation is the server's choice; a legacy `task` param is ignored.
      if (support === 'forbidden') return undefined;
      if (!declaresTasks(ctx)) {
        if (support === 'required') throw missingTasksExtension(`tool "${name}"`);
        return undefined;
      }
      return { era: '2026', ttlMs: this.ttl.default, support };
    }
    const asked = params.task;
    if (asked === undefined) {
      if (support === 'required')
        throw new McpWireError(
          WireErrorCode.MethodNotFound,
          `Tool "${name}" requires task augmentation (execution.taskSupport "required"): call it with params.task`,
        );
      return undefined;
    }
    if (typeof asked !== 'object' || asked === null || Array.isArray(asked))
      throw McpWireError.invalidParams('Invalid params: "task" must be an object ({ ttl?: integer })');
    if (support === 'forbidden')
      throw new McpWireError(
        WireErrorCode.MethodNotFound,
        `Tool "${name}" does not support task augmentation (execution.taskSupport "forbidden"): call it without params.task`,
      );
    const ttl = (asked as { ttl?: unknown }).ttl;
    if (ttl !== undefined && !(Number.isInteger(ttl) && (ttl as number) > 0))
      throw McpWireError.invalidParams('Invalid params: "task.ttl" must be a positive integer (milliseconds)');
    return { era: '2025', ttlMs: ttl === undefined ? this.ttl.default : Math.min(ttl as number, this.ttl.max), support };
  }

  /** The task `taskId` as `ctx`'s principal may see it; -32602 when unknown, expired or someone else's. */
  async get(taskId: string, ctx: ActiveRequestContext): Promise<TaskRecord> {
    this.followLeases();
    const running = this.running.get(taskId);
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
    const local = this.running.has(taskId);
    const cancelled = await this.end(
      taskId,
      { status: 'cancelled', statusMessage: 'Cancelled by the client' },
      abortReasons.cancelled('tasks/cancel'),
    );
    // Stored as cancelled; the instance that runs it (if not this one) stops the work.
    if (!local) await this.publish({ kind: 'cancel', taskId });
    return { record: cancelled ?? record, wasTerminal: false };
  }

  /**
   * 2026 `tasks/update`: answers the task's outstanding questions by key. Keys not outstanding
   * are ignored; the update is stored before this resolves (a `tasks/get` right after sees it).
   */
  async update(taskId: string, responses: Record<string, unknown>, ctx: ActiveRequestContext): Promise<void> {
    const record = await this.get(taskId, ctx);
    const running = this.running.get(taskId);
    if (running === undefined) return this.updateElsewhere(record, responses);
    if (running.done) return;
    const answered: [Question, Record<string, unknown>][] = [];
    for (const key of Object.keys(responses)) {
      const question = running.questions.get(key);
      if (question === undefined) continue;
      answered.push([question, checkedAnswer(key, question.method, responses[key])]);
    }
    if (answered.length === 0) return;
    for (const key of Object.keys(responses)) running.questions.delete(key);
    await this.write(running, this.questionsPatch(running));
    for (const [question, answer] of answered) question.resolve(answer);
  }

  /**
   * `tasks/update` for a task another instance runs: the answers are checked against the stored
   * questions and the record updated here (a `tasks/get` right after sees it), then the running
   * instance is signalled so the handler gets them.
   */
  private async updateElsewhere(record: TaskRecord, responses: Record<string, unknown>): Promise<void> {
    const outstanding = record.inputRequests;
    if (outstanding === undefined || isTerminal(record.status)) return;
    const answers: Record<string, unknown> = {};
    const remaining: Record<string, TaskInputRequest> = { ...outstanding };
    for (const key of Object.keys(responses)) {
      const question = Object.prototype.hasOwnProperty.call(outstanding, key) ? outstanding[key] : undefined;
      if (question === undefined) continue;
      answers[key] = checkedAnswer(key, question.method, responses[key]);
      delete remaining[key];
    }
    if (Object.keys(answers).length === 0) return;
    const patch: TaskPatch =
      Object.keys(remaining).length === 0 ? { status: 'working', inputRequests: undefined } : { inputRequests: remaining };
    await this.store.update(record.taskId, patch, Date.now());
    await this.publish({ kind: 'answers', taskId: record.taskId, responses: answers });
  }

  /** A signal from another instance about a task this one may run. */
  private onSignal(signal: TaskSignal): void {
    const running = this.running.get(signal.taskId);
    if (running === undefined || running.done) return;
    if (signal.kind === 'cancel') {
      // Already stored as cancelled by the instance that received the cancel.
      this.stop(running, abortReasons.cancelled('tasks/cancel'));
      return;
    }
    const answered: [Question, Record<string, unknown>][] = [];
    for (const key of Object.keys(signal.responses)) {
      const question = running.questions.get(key);
      const answer = signal.responses[key];
      if (
        question === undefined ||
        typeof answer !== 'object' ||
        answer === null ||
        invalidClientResult(question.method, answer as Record<string, unknown>) !== undefined
      )
        continue;
      running.questions.delete(key);
      answered.push([question, answer as Record<string, unknown>]);
    }
    if (answered.length === 0) return;
    void this.write(running, this.questionsPatch(running)).then(() => {
      for (const [question, answer] of answered) question.resolve(answer);
    });
  }

  private async publish(signal: TaskSignal): Promise<void> {
    if (this.signals === undefined) return;
    try {
      await this.signals.publish(signal);
    } catch (error) {
      // The record is stored; only the running work misses the signal (a cancel then ends at expiry).
      this.logger.warn(`signalling ${signal.kind} of task ${signal.taskId} to the other instances failed`, error);
    }
  }

  /** 2025 `tasks/result`: waits until the task is terminal (or the request ends), then its record. */
  async result(taskId: string, ctx: ActiveRequestContext): Promise<TaskRecord> {
    const record = await this.get(taskId, ctx);
    const running = this.running.get(taskId);
    if (isTerminal(record.status)) return record;
    if (running === undefined) return this.pollUntilTerminal(taskId, ctx);
    await new Promise<void>((resolve) => {
      running.resultWaiters.push(ctx);
      const done = (): void => {
        const at = running.resultWaiters.indexOf(ctx);
        if (at >= 0) running.resultWaiters.splice(at, 1);
        resolve();
      };
      running.whenTerminal.push(done);
      ctx.signal.addEventListener('abort', done, { once: true });
    });
    if (ctx.signal.aborted) throw ctx.signal.reason;
    return this.get(taskId, ctx);
  }

  /** Waits for a task another instance runs: reads the store every poll interval until it is terminal or the request ends. */
  private async pollUntilTerminal(taskId: string, ctx: ActiveRequestContext): Promise<TaskRecord> {
    const every = Math.min(this.pollIntervalMs, 500);
    for (;;) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, every);
        ctx.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const record = await this.get(taskId, ctx);
      if (isTerminal(record.status)) return record;
    }
  }

  /** 2025 `tasks/list`: the principal's tasks (without authentication, the session's). */
  list(ctx: ActiveRequestContext, cursor: string | undefined, pageSize: number): Promise<TaskPage> {
    this.followLeases();
    return this.store.list(ownerOf(ctx.authInfo), ctx.authInfo === undefined ? this.sessionKeyOf(ctx) : undefined, cursor, pageSize);
  }

  /**
   * A 2026 listen stream's `notifications.taskIds`: `send` gets each status change of those of
   * the tasks that belong to `authInfo`'s principal (others' tasks stay silent, as if unknown).
   * Returns the unsubscribe function.
   */
  watch(taskIds: readonly string[], authInfo: AuthInfo | undefined, send: TaskWatcher['send']): () => void {
    this.followLeases();
    const watcher: TaskWatcher = { owner: ownerOf(authInfo), send };
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

  /** Resolves true once no task runs here, or false after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    return this.idle.wait(this.running.size === 0, timeoutMs);
  }

  /** Shutdown: every task still running is cancelled and stored so; nothing stays "working". */
  async closeAll(): Promise<void> {
    const ids = [...this.running.keys()];
    await Promise.all(
      ids.map((id) =>
        this.end(id, { status: 'cancelled', statusMessage: 'The server shut down before the task finished' }, abortReasons.closed()),
      ),
    );
    this.unsubscribe?.();
    this.leases.close();
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /** The store says a task running here is finished or failed (its lease lapsed while this instance was cut off): the work stops. */
  private lost(taskId: string): void {
    const running = this.running.get(taskId);
    if (running === undefined || running.done) return;
    this.logger.warn(
      `Task ${taskId} (tool "${running.toolName}") ended elsewhere while it ran here (its lease lapsed, or it was cancelled): its work stops`,
    );
    this.stop(running, new ArmatureError(EngineErrorCode.REQUEST_CANCELLED, `Task ${taskId} ended elsewhere before it finished here`));
  }

  /** Another instance's task was failed here (its lease lapsed): its watchers hear it, as if its runner had said so. */
  private lapsed(record: TaskRecord): void {
    this.tellWatchers(record);
    if (record.era === '2025' && record.sessionId !== undefined)
      this.notifySession?.(record.sessionId, { jsonrpc: '2.0', method: 'notifications/tasks/status', params: task2025(record) });
  }

  /** The 2025 session's id, or a key of its connection when the transport has no session ids. */
  private sessionKeyOf(ctx: ActiveRequestContext): string {
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
    this.followLeases();
    const now = Date.now();
    const record: TaskRecord = {
      taskId: nodeCrypto().randomUUID(),
      owner: ownerOf(ctx.authInfo),
      sessionId: admitted.era === '2025' ? this.sessionKeyOf(ctx) : undefined,
      era: admitted.era,
      toolName: name,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: admitted.ttlMs,
      pollIntervalMs: this.pollIntervalMs,
      runner: this.leases.runner,
      leaseExpiresAt: this.leases.leaseFrom(now),
    };
    try {
      await this.store.create(record, this.limits);
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
    const running = this.hosted(record, features, creator, params, undefined);
    running.ctx.rehost(running.host);
    this.enlist(running);
    // The handler starts after the handle is on its way (the store has the task already).
    setImmediate(() => {
      let outcome: unknown;
      try {
        outcome = tools.call(name, args, running.ctx);
      } catch (error) {
        void this.settle(running, undefined, error);
        return;
      }
      Promise.resolve(outcome).then(
        (result) => this.settle(running, result as Record<string, unknown>, undefined),
        (error: unknown) => this.settle(running, undefined, error),
      );
    });
    return createTaskResult(record);
  }

  private enlist(running: Running): void {
    this.running.set(running.taskId, running);
    this.leases.startRenewing();
    this.sweeper ??= setInterval(() => void this.sweep(), SWEEP_EVERY_MS).unref();
  }

  /**
   * The running task of `record`: its host (the creating request's facts, reporting to this
   * manager) and its handler's context — `own` when the request itself became the task, else a
   * new context like the creator's (the caller re-hosts it).
   */
  private hosted(
    record: TaskRecord,
    features: ServerFeatures,
    creator: ActiveRequestContext,
    params: RequestParamsRecord,
    own: ActiveRequestContext | undefined,
  ): Running {
    const taskId = record.taskId;
    let running!: Running;
    const reporter = {
      progress: (message: string) => void this.write(running, { statusMessage: message }),
      ask: (method: string, askedParams: Record<string, unknown>, key: string | undefined) => this.ask(running, method, askedParams, key),
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
    const host = new TaskHost(taskId, record.era, creatorHost, creator.session, features.openSession, reporter);
    const ctx = own ?? new ActiveRequestContext(host, creator.requestId, 'tools/call', params, creator.authInfo, creator.requestInfo);
    running = {
      taskId,
      toolName: record.toolName,
      era: record.era,
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

  /** 2026: a handler's question inside a task becomes an outstanding input request. */
  private ask(
    running: Running,
    method: string,
    params: Record<string, unknown>,
    askedKey: string | undefined,
  ): Promise<Record<string, unknown>> {
    if (running.done)
      return Promise.reject(running.ctx.signal.reason ?? new ArmatureError(EngineErrorCode.REQUEST_CANCELLED, 'The task ended'));
    const missing = missingClientCapability(method, params, running.ctx.session.clientCapabilities);
    if (missing !== undefined)
      return Promise.reject(
        new ArmatureError(
          EngineErrorCode.CLIENT_CAPABILITY_MISSING,
          `Cannot ask ${method} in this task: the client did not declare the "${missing}" capability`,
        ),
      );
    let key = askedKey ?? `input-${running.usedKeys.size + 1}`;
    // Keys are unique over the task's life: a reused one gets a suffix.
    for (let n = 2; running.usedKeys.has(key); n += 1) key = `${askedKey ?? 'input'}-${n}`;
    running.usedKeys.add(key);
    return new Promise((resolve, reject) => {
      running.questions.set(key, { method, params, resolve, reject });
      void this.write(running, this.questionsPatch(running));
    });
  }

  private questionsPatch(running: Running): TaskPatch {
    if (running.questions.size === 0) return { status: 'working', inputRequests: undefined };
    const inputRequests: Record<string, TaskInputRequest> = {};
    for (const [key, question] of running.questions) inputRequests[key] = { method: question.method, params: question.params };
    return { status: 'input_required', inputRequests };
  }

  private settle(running: Running, result: Record<string, unknown> | undefined, thrown: unknown): Promise<unknown> {
    if (running.done) return Promise.resolve();
    let patch: TaskPatch;
    if (result !== undefined && thrown === undefined) {
      // 2025 counts a tool error as failed; 2026 keeps failed for JSON-RPC errors only.
      const failed = running.era === '2025' && result.isError === true;
      patch = { status: failed ? 'failed' : 'completed', result, inputRequests: undefined };
    } else {
      const error = this.taskError(running, thrown);
      patch = { status: 'failed', error, statusMessage: error.message, inputRequests: undefined };
    }
    return this.end(running.taskId, patch, undefined);
  }

  /** Moves a running task to a terminal status, stops its work and wakes whoever waits on it. */
  private async end(taskId: string, patch: TaskPatch, abortReason: ArmatureError | undefined): Promise<TaskRecord | undefined> {
    const running = this.running.get(taskId);
    if (running === undefined || running.done) {
      // The task runs on another instance (or finished): its new state is told from here.
      const record = await this.store.update(taskId, patch, Date.now());
      if (record !== undefined && running === undefined) this.tellWatchers(record);
      return record;
    }
    this.stop(running, abortReason, false);
    const record = await this.write(running, patch);
    for (const wake of running.whenTerminal.splice(0)) wake();
    if (record !== undefined) this.announce(running, record);
    return record;
  }

  /** Stops a running task's work here (its terminal status is stored by the caller, or was elsewhere). */
  private stop(running: Running, abortReason: ArmatureError | undefined, wake = true): void {
    running.done = true;
    this.running.delete(running.taskId);
    if (this.running.size === 0) this.idle.wake();
    if (abortReason !== undefined) running.ctx.abort(abortReason);
    else running.ctx.finished = true;
    for (const question of running.questions.values())
      question.reject(abortReason ?? new ArmatureError(EngineErrorCode.REQUEST_CANCELLED, 'The task ended'));
    running.questions.clear();
    running.host.close((error) => this.logger.warn('disposing a task scope failed', error));
    // The caller that stores the terminal status wakes the waiters once it is stored.
    if (wake) for (const waiter of running.whenTerminal.splice(0)) waiter();
  }

  private write(running: Running, patch: TaskPatch): Promise<TaskRecord | undefined> {
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

  /**
   * A status change: 2025 sends `notifications/tasks/status` to the creating session (optional
   * in the spec; clients poll); 2026 listen streams following the task get `notifications/tasks`.
   */
  private announce(running: Running, record: TaskRecord): void {
    if (running.era === '2025')
      void running.creatorHost.notify({ jsonrpc: '2.0', method: 'notifications/tasks/status', params: task2025(record) }, undefined);
    this.tellWatchers(record);
  }

  /**
   * 2026 listen streams following the task hear its new state: through the app's bus when one
   * is set (`publishStatus`: the streams of every instance, this one's included), else here.
   */
  private tellWatchers(record: TaskRecord): void {
    if (this.publishStatus === undefined && !this.watchers.has(record.taskId)) return;
    const detailed = detailedTask2026(record);
    if (this.publishStatus !== undefined) this.publishStatus(record.owner, record.taskId, detailed);
    else this.deliverStatus(record.owner, record.taskId, detailed);
  }

  /** Where status changes go to reach every instance's listen streams (set by the app when its bus is shared). */
  publishStatus: ((owner: string, taskId: string, detailedTask: Record<string, unknown>) => void) | undefined = undefined;

  /** A task's new state (from any instance) reaches this instance's listen streams following it, of its owner only. */
  deliverStatus(owner: string, taskId: string, detailedTask: Record<string, unknown>): void {
    const watchers = this.watchers.get(taskId);
    if (watchers === undefined) return;
    for (const watcher of watchers) if (watcher.owner === owner) watcher.send(detailedTask);
  }

  private taskError(running: Running, thrown: unknown): TaskError {
    if (isMcpWireError(thrown)) {
      const code = wireCodeOf(TASK_ERA_REVISION[running.era], thrown.code);
      return thrown.data === undefined ? { code, message: thrown.message } : { code, message: thrown.message, data: thrown.data };
    }
    try {
      this.logger.error(`Task ${running.taskId} (tool "${running.toolName}") failed with an unexpected error`, thrown);
    } catch {
      // A value the logger cannot format must not keep the task working forever.
    }
    return { code: WireErrorCode.InternalError, message: 'Internal error' };
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

/** A client's answer to a task's question, checked as a result of `method`; -32602 naming the key otherwise. */
function checkedAnswer(key: string, method: string, answer: unknown): Record<string, unknown> {
  const problem =
    typeof answer === 'object' && answer !== null && !Array.isArray(answer)
      ? invalidClientResult(method, answer as Record<string, unknown>)
      : 'it must be an object';
  if (problem !== undefined)
    throw McpWireError.invalidParams(`Invalid params: inputResponses[${shownId(key)}] is not a valid ${method} result: ${problem}`);
  return answer as Record<string, unknown>;
}
