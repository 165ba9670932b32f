import type { AuthInfo } from '../context/request-context';
import type { JSONRPCErrorResponse, JSONRPCResponse, RequestId } from '../wire/mcp-types.generated';

/** Headers of the transport request a message came in (an HTTP POST, a WebSocket upgrade). */
export interface HeaderLookup {
  /** A header by lower-case name (repeated ones joined with `, `), or undefined. */
  header(name: string): string | undefined;
}

/** One request as an observer sees it when the kernel starts serving it (either revision). */
export interface ObservedRequest {
  readonly id: RequestId;
  readonly method: string;
  /** The request's `params` as the client sent them (`name`, `uri`, `_meta`…): read, never change. */
  readonly params: Readonly<Record<string, unknown>>;
  /**
   * The protocol version it is served under: the 2025 session's negotiated version, or the
   * 2026 request's `_meta` version (undefined when the client sent none).
   */
  readonly protocolVersion: string | undefined;
  /** The transport session id (Streamable HTTP `Mcp-Session-Id`), if the request belongs to one. */
  readonly sessionId: string | undefined;
  readonly authInfo: AuthInfo | undefined;
  /** A header of the transport request that carried it; undefined over stdio and in memory. */
  header(name: string): string | undefined;
}

/** What an observer keeps for one request, told once how it ended. */
export interface RequestObservation {
  /**
   * Optional: runs the request's method (called once, synchronously) — e.g. inside a tracing
   * context, so the handler's own spans are its children. Must return what `run` returns.
   */
  enter?<T>(run: () => T): T;
  /** The request's answer is going out (a result, or an error response). */
  answered(response: JSONRPCResponse | JSONRPCErrorResponse): void;
  /** The request ended without an answer: the client cancelled it or went away. */
  aborted(reason: unknown): void;
}

/**
 * Watches every request the kernel serves, on both revisions and every transport: the one
 * seam for telemetry (`@armature/otel` is one). Set with `Armature.create(root, {
 * requestObserver })`. `start` runs on the request path, so it must be cheap and never
 * throw; return undefined to leave a request unobserved.
 */
export interface RequestObserver {
  start(request: ObservedRequest): RequestObservation | undefined;
}
