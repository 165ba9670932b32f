import type { AuthInfo } from '../context/request-context';
import { encodeJsonRpc } from '../jsonrpc/json-rpc-encoder';
import type { JSONRPCMessage } from '../wire/mcp-types.generated';
import { SENT } from './sent';
import type { MessageExtraInfo, Transport, TransportSendOptions } from './transport';

/**
 * Send options of the in-memory transport: `authInfo` and `requestInfo` are handed to the peer
 * as `MessageExtraInfo` (tests of authenticated handlers, of handlers reading `ctx.requestInfo`).
 */
export interface InMemorySendOptions extends TransportSendOptions {
  readonly authInfo?: AuthInfo;
  readonly requestInfo?: MessageExtraInfo['requestInfo'];
}

/**
 * One end of an in-process pair, shaped like the official SDK's `InMemoryTransport`, so an
 * SDK `Client` can drive an Armature session and vice versa. Unlike the SDK's, delivery is
 * asynchronous (a microtask, in send order) and each message is a JSON copy, the way a real
 * wire behaves: the peer never shares objects with the sender, and a response that cannot
 * be serialized arrives as a -32603 error, exactly as it would over stdio.
 */
export class InMemoryTransport implements Transport {
  onmessage: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined = undefined;
  onclose: (() => void) | undefined = undefined;
  onerror: ((error: Error) => void) | undefined = undefined;
  sessionId: string | undefined = undefined;
  private peer: InMemoryTransport | undefined = undefined;
  private started = false;
  private closed = false;
  private backlog: [JSONRPCMessage, MessageExtraInfo | undefined][] | undefined = undefined;

  /** Two linked ends: give one to the client and one to the server. */
  static createLinkedPair(): [InMemoryTransport, InMemoryTransport] {
    const client = new InMemoryTransport();
    const server = new InMemoryTransport();
    client.peer = server;
    server.peer = client;
    return [client, server];
  }

  /** Starts delivery; messages that arrived earlier are delivered now, in order. */
  async start(): Promise<void> {
    if (this.started) throw new Error('InMemoryTransport already started');
    this.started = true;
    const backlog = this.backlog;
    this.backlog = undefined;
    if (backlog !== undefined) for (const [message, extra] of backlog) this.deliver(message, extra);
  }

  /** Queues a JSON copy of `message` for the peer. Rejects when closed or when a request/notification cannot be serialized. */
  send(message: JSONRPCMessage, options?: InMemorySendOptions): Promise<void> {
    const peer = this.peer;
    if (this.closed || peer === undefined) return Promise.reject(new Error('InMemoryTransport is not connected'));
    let copy: JSONRPCMessage;
    try {
      copy = JSON.parse(encodeJsonRpc(message, this.onEncodeFailure)) as JSONRPCMessage;
    } catch (error) {
      return Promise.reject(error);
    }
    const extra: MessageExtraInfo | undefined =
      options?.authInfo === undefined && options?.requestInfo === undefined
        ? undefined
        : { authInfo: options.authInfo, requestInfo: options.requestInfo };
    queueMicrotask(() => peer.deliver(copy, extra));
    return SENT;
  }

  /** Closes both ends; messages already sent are delivered before the peer sees the close. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const peer = this.peer;
    this.peer = undefined;
    if (peer !== undefined) queueMicrotask(() => void peer.close());
    this.onclose?.();
  }

  private readonly onEncodeFailure = (error: unknown): void => {
    this.onerror?.(toError(error));
  };

  private deliver(message: JSONRPCMessage, extra: MessageExtraInfo | undefined): void {
    if (this.closed) return;
    if (!this.started) {
      (this.backlog ??= []).push([message, extra]);
      return;
    }
    try {
      this.onmessage?.(message, extra);
    } catch (error) {
      this.onerror?.(toError(error));
    }
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
