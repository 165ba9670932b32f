import type { JSONRPCMessage, JSONRPCNotification } from '../wire/mcp-types.generated';

/**
 * Where one request's messages go: a stream transport's outbox (stdio, WebSocket, in-memory)
 * or one HTTP exchange (a JSON body, or an SSE stream once something precedes the answer).
 */
export interface ExchangeSink {
  /** A notification for this request (progress, log, a subscription's events); never rejects. */
  notify(message: JSONRPCNotification): Promise<void>;
  /**
   * The final response, sent once. `status` is the HTTP status MCP 2026-07-28 asks for
   * (200; 400 for envelope, header, version and capability errors; 404 for an unknown or
   * removed method); stream transports ignore it.
   */
  respond(message: JSONRPCMessage, status: number): void;
}
