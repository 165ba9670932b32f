import type { Transport } from '@armature/core';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import { WireCheckedTransport, type WireLog } from '@armature/testing';

type MessageHandler = (message: JSONRPCMessage, extra?: unknown) => void;

/** The part of a client transport the tap reaches into: any SDK transport (v1 or v2, stdio or HTTP). */
interface TappableTransport {
  onmessage?: MessageHandler | undefined;
  send(message: JSONRPCMessage, options?: unknown): Promise<void>;
}

/**
 * The traffic between an official SDK client and the server, seen from the client's transport
 * without replacing it: what the client sent, what it received, and every received message
 * checked against the MCP schema of its revision by @armature/testing's `WireCheckedTransport`
 * (responses by the revision of the request they answer, notifications by their subscription
 * id or the last request).
 *
 * The SDK clients look at their transport's class and fields (the v2 client probes stdio on a
 * sibling process only for the SDK's own `StdioClientTransport`, and reads
 * `hasPerRequestStream` and `setProtocolVersion` over HTTP), so the tap patches the transport
 * instance (its `onmessage` and `send`) instead of wrapping it.
 */
export class WireTap implements WireLog {
  /** Every message the client sent, in order (across every tapped transport). */
  readonly sent: JSONRPCMessage[] = [];
  private readonly checker: WireCheckedTransport;
  private readonly deliver: MessageHandler;

  constructor() {
    // The checker watches a transport that carries nothing: the tap feeds it both directions.
    const watched: Transport = { start: () => Promise.resolve(), send: () => Promise.resolve(), close: () => Promise.resolve() };
    this.checker = new WireCheckedTransport(watched, { check: true });
    this.deliver = (message) => watched.onmessage?.(message);
  }

  get received(): readonly JSONRPCMessage[] {
    return this.checker.received;
  }

  get violations(): readonly string[] {
    return this.checker.violations;
  }

  messagesWithMethod(method: string): JSONRPCMessage[] {
    return this.checker.messagesWithMethod(method);
  }

  assertClean(): void {
    this.checker.assertClean();
  }

  /** The requests the client sent with `method`, in order, from index `from` of `sent` on. */
  sentRequests(method: string, from = 0): WireRequest[] {
    return this.sent.slice(from).filter((m) => isRequest(m) && (m as { method?: unknown }).method === method) as unknown as WireRequest[];
  }

  /** The response the server sent to request `id`, if it came. */
  responseTo(id: string | number): WireResponse | undefined {
    return this.received.find((m) => (m as WireResponse).id === id && (m as { method?: unknown }).method === undefined) as
      WireResponse | undefined;
  }

  /** Starts recording and checking `transport`'s traffic; returns it. Call before the client connects. */
  attach<T extends object>(transport: T): T {
    const target = transport as T & TappableTransport;
    const send = target.send;
    target.send = (message, options) => {
      this.sent.push(message);
      void this.checker.send(message);
      return send.call(target, message, options);
    };
    tapIncoming(target, (message) => this.deliver(message));
    return transport;
  }
}

/** A request as it went over the wire. */
export interface WireRequest {
  readonly id: string | number;
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

/** A response as it came over the wire. */
export interface WireResponse {
  readonly id: string | number;
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
}

function isRequest(message: JSONRPCMessage): boolean {
  const record = message as { id?: unknown; method?: unknown };
  return typeof record.method === 'string' && record.id !== undefined;
}

/**
 * Turns `onmessage` into an accessor: whatever handler the client (or its probe) installs, the
 * transport calls a wrapper that records the message first. Reading `onmessage` gives the
 * wrapper, and assigning a wrapper back installs its handler again, so code that saves and
 * restores the handler (the v2 client's probe window) keeps working. A handler that calls the
 * one it replaced records the message once.
 */
function tapIncoming(target: TappableTransport, record: (message: JSONRPCMessage) => void): void {
  let current: MessageHandler | undefined = target.onmessage;
  const wrapperOf = new WeakMap<MessageHandler, MessageHandler>();
  const handlerOf = new WeakMap<MessageHandler, MessageHandler>();
  let depth = 0;
  Object.defineProperty(target, 'onmessage', {
    configurable: true,
    enumerable: true,
    get(): MessageHandler | undefined {
      const handler = current;
      if (handler === undefined) return undefined;
      let wrapper = wrapperOf.get(handler);
      if (wrapper === undefined) {
        wrapper = (message, extra) => {
          if (depth++ === 0) record(message);
          try {
            handler(message, extra);
          } finally {
            depth--;
          }
        };
        wrapperOf.set(handler, wrapper);
        handlerOf.set(wrapper, handler);
      }
      return wrapper;
    },
    set(value: MessageHandler | undefined): void {
      current = value === undefined ? undefined : (handlerOf.get(value) ?? value);
    },
  });
}
