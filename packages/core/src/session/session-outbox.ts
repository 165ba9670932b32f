import { WireErrorCode } from '../errors/wire-error-codes';
import { errorResponse, isRequestId } from '../jsonrpc/json-rpc-errors';
import { SENT } from '../transport/sent';
import type { Transport, TransportSendOptions } from '../transport/transport';
import type { JSONRPCMessage, JSONRPCNotification } from '../wire/mcp-types.generated';
import type { ServerLogger } from '../logging/server-logger';
import type { Exchange, RequestSink } from '../kernel/revision';

const RESOLVED: Promise<void> = Promise.resolve();

/**
 * How long a response waits after its request reported progress. The official TypeScript
 * SDK client handles progress in a microtask but responses at once, so when both arrive in
 * one read the final progress is lost (typescript-sdk#2580); a short pause lets them arrive
 * apart. Only requests that sent progress pay it.
 */
export const PROGRESS_SETTLE_MS = 2;

/**
 * Everything a session sends goes through here: synchronous transport throws become
 * rejections, failed responses are retried once as a generic -32603, notifications never
 * reject, and nothing is sent once the session is closed. It is also the sink of every
 * request the session serves (`RequestSink`): one per session, nothing per request.
 */
export class SessionOutbox implements RequestSink {
  /** Set when the session closed; later sends are dropped. */
  closed = false;
  private deferred: Map<NodeJS.Timeout, () => void> | undefined = undefined;

  constructor(
    private readonly transport: Transport,
    private readonly logger: ServerLogger,
  ) {}

  /** An exchange's answer, routed to its request's stream, after the progress-settle pause when it sent progress. */
  respond(message: JSONRPCMessage, _status: number, exchange: Exchange | undefined): void {
    // The request context is also the send options that route the answer to its request's stream.
    const ctx = exchange?.ctx;
    if (ctx?.progressSent === true) this.respondAfterProgress(message, ctx);
    else this.sendResponse(message, ctx);
  }

  /** Sends a response; if the transport refuses it (e.g. cannot serialize it), answers -32603 once instead. */
  sendResponse(message: JSONRPCMessage, related: TransportSendOptions | undefined): void {
    if (this.closed) return;
    const sending = this.send(message, related);
    if (sending === SENT) return;
    sending.then(undefined, (error: unknown) => {
      const id = (message as { id?: unknown }).id;
      if (this.closed || !isRequestId(id) || (message as { error?: { code?: number } }).error?.code === WireErrorCode.InternalError) {
        this.logger.warn('could not send a response', error);
        return;
      }
      this.logger.error('could not send a response; answering with an internal error instead', error);
      this.sendResponse(errorResponse(id, WireErrorCode.InternalError, 'Internal error'), related);
    });
  }

  /** `respond` after `PROGRESS_SETTLE_MS` (see there); `flush()` sends whatever is still waiting. */
  respondAfterProgress(message: JSONRPCMessage, related: TransportSendOptions | undefined): void {
    const deferred = (this.deferred ??= new Map());
    const send = (): void => {
      deferred.delete(timer);
      this.sendResponse(message, related);
    };
    const timer = setTimeout(send, PROGRESS_SETTLE_MS);
    deferred.set(timer, send);
  }

  /** Sends every deferred response now (the session is closing). */
  flush(): void {
    if (this.deferred === undefined) return;
    for (const [timer, send] of [...this.deferred]) {
      clearTimeout(timer);
      send();
    }
  }

  /** Sends a notification; resolves once handed to the transport and never rejects. */
  notify(notification: JSONRPCNotification, related: TransportSendOptions | undefined): Promise<void> {
    if (this.closed) return RESOLVED;
    return this.send(notification, related).then(undefined, (error: unknown) =>
      this.logger.warn(`could not send ${notification.method}`, error),
    );
  }

  /** `transport.send` with synchronous throws turned into rejections. */
  send(message: JSONRPCMessage, related: TransportSendOptions | undefined): Promise<void> {
    try {
      return this.transport.send(message, related);
    } catch (error) {
      return Promise.reject(error);
    }
  }
}
