import type { AuthInfo } from '../context/request-context';
import type { JSONRPCErrorResponse, JSONRPCMessage, JSONRPCNotification, JSONRPCResponse, RequestId } from '../wire/mcp-types.generated';
import type { RequestParamsRecord } from '../protocol/request-params';
import type { ServerLogger } from '../logging/server-logger';
import { Phase } from '../protocol/session-phase';
import type { TransportSendOptions } from '../transport/transport';
import { META } from './mcp-2026';
import type { IncomingRequest } from './request-kernel';
import type { HeaderLookup, ObservedRequest, RequestObservation, RequestObserver } from './request-observer';
import type { Exchange, RequestSink } from './revision';

/**
 * A request's sink with a `RequestObserver` watching: it describes the request to the
 * observer and tells it how the request ended — its answer as it goes out, or an abort. Built
 * only when an app has an observer, so an app without one pays nothing for it.
 */
export class ObservedSink implements RequestSink, ObservedRequest {
  private observation: RequestObservation | undefined;

  constructor(
    private readonly inner: RequestSink,
    private readonly logger: ServerLogger,
    private readonly request: IncomingRequest,
    private readonly headers: HeaderLookup | undefined,
  ) {}

  get id(): RequestId {
    return this.request.id;
  }

  get method(): string {
    return this.request.method;
  }

  get params(): RequestParamsRecord {
    return this.request.params;
  }

  get authInfo(): AuthInfo | undefined {
    return this.request.authInfo;
  }

  /** Asks `observer` to watch; undefined when it declines (or fails: telemetry never breaks a request). */
  observe(observer: RequestObserver): RequestObservation | undefined {
    try {
      this.observation = observer.start(this);
    } catch (error) {
      this.quietly('a request observer failed to start', error);
    }
    return this.observation;
  }

  get protocolVersion(): string | undefined {
    // A 2025 session knows its version once initialize negotiated it.
    const session = this.request.session;
    if (session !== undefined) return session.phase === Phase.AwaitingInit ? undefined : session.info.protocolVersion;
    const meta = this.request.params._meta;
    const version = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[META.protocolVersion] : undefined;
    return typeof version === 'string' ? version : undefined;
  }

  get sessionId(): string | undefined {
    return this.request.session?.info.id;
  }

  header(name: string): string | undefined {
    return this.headers?.header(name);
  }

  notify(message: JSONRPCNotification, related: TransportSendOptions | undefined): Promise<void> {
    return this.inner.notify(message, related);
  }

  respond(message: JSONRPCMessage, status: number, exchange: Exchange | undefined): void {
    try {
      this.inner.respond(message, status, exchange);
    } finally {
      const observation = this.observation;
      this.observation = undefined;
      if (observation !== undefined) this.quietlyCall(() => observation.answered(message as JSONRPCResponse | JSONRPCErrorResponse));
    }
  }

  aborted(reason: unknown): void {
    this.inner.aborted?.(reason);
    const observation = this.observation;
    this.observation = undefined;
    if (observation !== undefined) this.quietlyCall(() => observation.aborted(reason));
  }

  private quietlyCall(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.quietly('a request observer failed', error);
    }
  }

  private quietly(what: string, error: unknown): void {
    try {
      this.logger.warn(what, error);
    } catch {
      // A logger that throws too: nothing more to do.
    }
  }
}
