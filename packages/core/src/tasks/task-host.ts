import type { ElicitForm } from '../context/elicit-form';
import type { NotificationPacing } from '../context/notification-pacing';
import type { SessionInfo, SessionScope } from '../context/request-context';
import type { RelatedRequest, RequestHost } from '../context/request-host';
import type { JSONRPCNotification, RequestId } from '../wire/mcp-types.generated';
import type { TransportSendOptions } from '../transport/transport';
import { RELATED_TASK } from './task-wire';

/** What a running task reports to its manager. */
export interface TaskReporter {
  /** `ctx.progress` inside the task: the status message (with or without a progress token). */
  progress(message: string): void;
  /** 2026: a question becomes an entry of `inputRequests`; resolves with the `tasks/update` answer. */
  ask(method: string, params: Record<string, unknown>, key: string | undefined): Promise<Record<string, unknown>>;
  /** 2025: the task waits on a server→client request (input_required) or got its answer (working). */
  waiting(waiting: boolean): void;
  /** The id of a `tasks/result` request waiting on this task (2025: its stream carries the task's messages). */
  readonly resultRequestId: RequestId | undefined;
}

/**
 * The `RequestHost` of a task's handler: the creating request's facts (session info, log
 * level), its own DI session scope, and messages shaped for tasks. Through a session (2025)
 * notifications and questions go to the creating session with the related-task `_meta`;
 * otherwise (2026) there is no channel (progress is the status message, questions become
 * `inputRequests`).
 */
export class TaskHost implements RequestHost {
  private scope: SessionScope | undefined;
  private closed = false;

  constructor(
    readonly taskId: string,
    /** The revision's `RevisionTasks.throughSession`: logs, notifications and questions go through the creating session. */
    private readonly throughSession: boolean,
    private readonly creator: RequestHost,
    readonly info: SessionInfo,
    private readonly openSession: ((session: SessionInfo) => SessionScope) | undefined,
    private readonly reporter: TaskReporter,
    /**
     * Hands a message to the creating session by its id, wherever it is served (2025 over HTTP:
     * appended to its event stream), for when the creator's copy here has closed.
     */
    private readonly bySession: ((message: JSONRPCNotification) => void) | undefined = undefined,
  ) {}

  get pacing(): NotificationPacing | undefined {
    return this.creator.pacing;
  }

  get sessionScope(): SessionScope | undefined {
    if (this.scope === undefined && !this.closed) this.scope = this.openSession?.(this.info);
    return this.scope;
  }

  /** The DI scope of a request that became a task (2026): it now lives as long as the task. */
  adoptScope(scope: SessionScope | undefined): void {
    if (scope !== undefined && this.scope === undefined) this.scope = scope;
  }

  reportProgress(progress: number, total: number | undefined, message: string | undefined): void {
    this.reporter.progress(typeof message === 'string' ? message : typeof total === 'number' ? `${progress}/${total}` : `${progress}`);
  }

  elicitForm(key: string): ElicitForm | undefined {
    return this.creator.elicitForm?.(key);
  }

  logEnabled(rank: number): boolean {
    return this.throughSession && this.creator.logEnabled(rank);
  }

  notify(notification: JSONRPCNotification, _related: TransportSendOptions | undefined): Promise<void> {
    if (!this.throughSession) return Promise.resolve();
    const message = withRelatedTask(notification, this.taskId);
    if (this.creator.sessionClosed === true && this.bySession !== undefined) {
      this.bySession(message);
      return Promise.resolve();
    }
    return this.creator.notify(message, this.related());
  }

  request(method: string, params: Record<string, unknown>, related: RelatedRequest, key?: string): Promise<Record<string, unknown>> {
    if (!this.throughSession) return this.reporter.ask(method, params, key);
    const meta = { ...(params._meta as Record<string, unknown> | undefined), [RELATED_TASK]: { taskId: this.taskId } };
    const asked: RelatedRequest = {
      relatedRequestId: this.reporter.resultRequestId ?? related.relatedRequestId,
      signal: related.signal,
      finished: false,
    };
    this.reporter.waiting(true);
    const answer = this.creator.request(method, { ...params, _meta: meta }, asked, key);
    const resume = (): void => this.reporter.waiting(false);
    answer.then(resume, resume);
    return answer;
  }

  /** Disposes the task's own DI scope (once the task is terminal). */
  close(onError: (error: unknown) => void): void {
    this.closed = true;
    const scope = this.scope;
    this.scope = undefined;
    scope?.dispose().catch(onError);
  }

  private related(): TransportSendOptions | undefined {
    const id = this.reporter.resultRequestId;
    return id === undefined ? undefined : { relatedRequestId: id };
  }
}

function withRelatedTask(notification: JSONRPCNotification, taskId: string): JSONRPCNotification {
  const params = (notification.params ?? {}) as Record<string, unknown>;
  const meta = { ...(params._meta as Record<string, unknown> | undefined), [RELATED_TASK]: { taskId } };
  return { ...notification, params: { ...params, _meta: meta } };
}
