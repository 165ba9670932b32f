import type { JSONRPCNotification, RequestId } from '../wire/mcp-types.generated';
import type { TransportSendOptions } from './send-options';
import type { SessionInfo, SessionScope } from './request-context';
import type { NotificationPacing } from './notification-pacing';
import type { ElicitForm } from './elicit-form';

/**
 * What a request context needs from the session that owns it. The session implements it;
 * keeping it an interface lets the context be tested and reasoned about on its own.
 */
export interface RequestHost {
  readonly info: SessionInfo;
  readonly sessionScope: SessionScope | undefined;
  /** Whether a `notifications/message` of this severity rank passes the session's level. */
  logEnabled(rank: number): boolean;
  /** Sends a notification on behalf of a request; resolves once handed to the transport, never rejects. */
  notify(notification: JSONRPCNotification, related: TransportSendOptions | undefined): Promise<void>;
  /**
   * Asks the client something on behalf of `related`; settles with the client's result or an
   * error. `key` names the question in a 2026 input-required round (ignored on 2025).
   */
  request(method: string, params: Record<string, unknown>, related: RelatedRequest, key?: string): Promise<Record<string, unknown>>;
  /** The typed elicitation form stored under `key` (see `ctx.elicit<T>`), if the app has one. */
  elicitForm?(key: string): ElicitForm | undefined;
  /** A task's host: `ctx.progress` becomes the task's status message (with or without a progress token). */
  reportProgress?(progress: number, total: number | undefined, message: string | undefined): void;
  /** `ctx.startTask()`: turns the running request into a task (see `RequestContext.startTask`). */
  startTask?(): Promise<void>;
  /** How fast a request may send progress and log notifications (default `DEFAULT_PACING`). */
  readonly pacing?: NotificationPacing | undefined;
  /** The task this host runs, if it is a task's. */
  readonly taskId?: string;
  /** True once the host's session here has closed: what it is handed now is dropped. */
  readonly sessionClosed?: boolean;
}

/** The part of a request context a server→client request is bound to. */
export interface RelatedRequest extends TransportSendOptions {
  readonly relatedRequestId: RequestId;
  /** Aborts with the request (cancel, deadline, close). */
  readonly signal: AbortSignal;
  /** True once the request was answered, cancelled or timed out. */
  readonly finished: boolean;
}
