import { InMemoryTransport } from '@armature/core';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import { WireCheckedTransport } from '../../src';

/** A client request as the hand-driven server end sees it. */
export interface SeenRequest {
  readonly id: number;
  readonly method: string;
}

/**
 * A client end wrapped in the wire check, and a hand-driven server end that answers each
 * request with what `answer` returns (an array: several messages, in order).
 */
export async function wiredPair(
  answer: (request: SeenRequest) => unknown,
): Promise<{ wire: WireCheckedTransport; close(): Promise<void> }> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  serverEnd.onmessage = (message) => {
    const reply = answer(message as unknown as SeenRequest);
    void (async () => {
      for (const each of Array.isArray(reply) ? reply : [reply]) await serverEnd.send(each as JSONRPCMessage);
    })();
  };
  await serverEnd.start();
  const wire = new WireCheckedTransport(clientEnd, { check: true });
  await wire.start();
  return { wire, close: () => wire.close() };
}

/** Resolves with the next `count` messages the client end receives (5 s at most). */
export function nextMessages(wire: WireCheckedTransport, count: number): Promise<JSONRPCMessage[]> {
  const messages: JSONRPCMessage[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${messages.length} of ${count} messages within 5 s`)), 5000);
    wire.onmessage = (message) => {
      messages.push(message);
      if (messages.length < count) return;
      clearTimeout(timer);
      resolve(messages);
    };
  });
}

/** Resolves with the next message the client end receives (5 s at most). */
export async function nextMessage(wire: WireCheckedTransport): Promise<JSONRPCMessage> {
  const [message] = await nextMessages(wire, 1);
  return message as JSONRPCMessage;
}
