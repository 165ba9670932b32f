import type { AuthInfo } from '../context/request-context';
import type { TransportRequestInfo } from '../context/request-info';
import type { RequestParamsRecord } from '../protocol/request-params';
import type { RequestId } from '../wire/mcp-types.generated';
import type { ExchangeSink } from './exchange-sink';
import type { RequestSession } from './request-envelope';

/**
 * What a transport knows of one request as it arrives, built once by the transport (or the 2025
 * session) and handed down the request path whole: the exchange serving it keeps this object
 * rather than copies of its members. Build it with every member present, `undefined` where there
 * is nothing, so every incoming request has one shape (the path reading it stays monomorphic).
 */
export interface IncomingRequest {
  readonly id: RequestId;
  readonly method: string;
  /** The request's `params` (`NO_PARAMS` when it had none). */
  readonly params: RequestParamsRecord;
  /** Who the transport authenticated; undefined when nobody was. */
  readonly authInfo: AuthInfo | undefined;
  /**
   * The transport facts (headers, address) `ctx.requestInfo` returns; undefined on stdio and in
   * memory. Build its contents lazily: most handlers never read them.
   */
  readonly requestInfo: TransportRequestInfo | undefined;
  /** The 2025 session the request belongs to (its initialize state is the envelope); undefined for a 2026 request. */
  readonly session: RequestSession | undefined;
}

/** A 2026 request a transport may abort when its client goes away. */
export interface AbortableRequest {
  readonly finished: boolean;
  /** Stops the work (the handler's `signal` aborts); nothing more is sent for the request. */
  abort(reason: unknown): void;
  /**
   * Ends the request because the server shuts down: a `subscriptions/listen` stream gets its
   * closing result, any other request -32000.
   */
  shutdown(): void;
}

/** A tool parameter the author mirrors into an HTTP header (`x-mcp-header` in its input schema). */
export interface HeaderParam {
  /** The argument's property name in `arguments`. */
  readonly property: string;
  /** The header name after `Mcp-Param-`. */
  readonly header: string;
}

/**
 * What a transport needs to serve MCP 2026-07-28 requests: the app's request-scoped kernel.
 * `ConnectableApp.requestKernel()` returns it (Armature apps have one).
 */
export interface RequestKernel {
  /** Whether `method` is a 2026 method this server serves (else the answer is -32601 / HTTP 404). */
  serves(method: string): boolean;
  /** Handles one self-describing request (its `session` is undefined); see `Dispatcher.dispatch`. */
  dispatch(request: IncomingRequest, sink: ExchangeSink): AbortableRequest | undefined;
  /** The `x-mcp-header` parameters of a tool, or undefined for an unknown tool. */
  toolHeaderParams(name: string): readonly HeaderParam[] | undefined;
}
