import type { AuthInfo } from '../context/request-context';
import type { TransportRequestInfo } from '../context/request-info';
import type { RequestParamsRecord } from '../protocol/request-params';
import type { RequestId } from '../wire/mcp-types.generated';
import type { ExchangeSink } from './exchange-sink';

/** One 2026 request as a transport hands it over. */
export interface DispatchedRequest {
  readonly id: RequestId;
  readonly method: string;
  readonly params?: RequestParamsRecord | undefined;
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
  /**
   * Handles one self-describing request; see `Dispatcher.dispatch`. `requestInfo` becomes the
   * handler's `ctx.requestInfo` (build it lazily: most handlers never read it).
   */
  dispatch(
    request: DispatchedRequest,
    authInfo: AuthInfo | undefined,
    sink: ExchangeSink,
    requestInfo?: TransportRequestInfo,
  ): AbortableRequest | undefined;
  /** The `x-mcp-header` parameters of a tool, or undefined for an unknown tool. */
  toolHeaderParams(name: string): readonly HeaderParam[] | undefined;
}
