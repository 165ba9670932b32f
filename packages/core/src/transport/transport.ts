import type { AuthInfo } from '../context/request-context';
import type { RequestHeaders, TransportRequestInfo } from '../context/request-info';
import type { JSONRPCMessage } from '../wire/mcp-types.generated';

// Declared in context (a request sends through it); re-exported here, where transports look for it.
import type { TransportSendOptions } from '../context/send-options';
export type { TransportSendOptions };

/** What a transport knows about where a message came from. */
export interface MessageExtraInfo {
  readonly authInfo?: AuthInfo;
  /**
   * Transport-specific request facts. Armature's HTTP and WebSocket transports pass a
   * `TransportRequestInfo` (it becomes `ctx.requestInfo`); other transports (the SDK's) may
   * pass `{ headers }`, which handlers never see.
   */
  readonly requestInfo?: TransportRequestInfo | { readonly headers?: RequestHeaders };
}

/**
 * A bidirectional message channel for one MCP session. Deliberately the same shape as the
 * official SDK's `Transport`, so Armature servers can be connected to SDK transports (for
 * example its `InMemoryTransport`) and SDK servers to ours.
 *
 * Transports that carry text (stdio, WebSocket, HTTP bodies) decode it with core's shared
 * decoder (`decodeJsonRpc`), answer decoding failures themselves (-32700/-32600), and hand
 * only well-formed JSON values to `onmessage`. The session still checks message shape, except
 * for messages core's stdio transport passes with `DECODED_EXTRA` (its decoder checked them).
 */
export interface Transport {
  start(): Promise<void>;
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void>;
  close(): Promise<void>;
  onmessage?: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  /**
   * Optional (an Armature extension; SDK transports lack it). Called when the peer will send
   * nothing more but replies can still be delivered (stdio: stdin reached EOF). The session
   * then finishes its in-flight requests within its drain window and closes. A transport
   * whose `oninputend` is unset closes itself instead.
   */
  oninputend?: (() => void) | undefined;
  readonly sessionId?: string | undefined;
  /**
   * Optional (as in the SDK): told the negotiated protocol version after `initialize`, so an
   * HTTP transport can check the `MCP-Protocol-Version` header of later requests.
   */
  setProtocolVersion?: ((version: string) => void) | undefined;
}
