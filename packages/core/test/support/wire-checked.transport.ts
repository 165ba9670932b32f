import type { JSONRPCMessage, RequestId } from '../../src/protocol/mcp-types.generated';
import type { MessageExtraInfo, Transport, TransportSendOptions } from '../../src/transport/transport';
import { serverMessageErrors } from './wire-schema';

/**
 * Wraps the CLIENT end of any transport and validates everything the server sends against
 * the MCP schema (envelope + the specific type for the method). Works with an SDK `Client`
 * over in-memory or stdio alike; tests call `assertClean()` at the end.
 */
export class WireCheckedTransport implements Transport {
  onmessage: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined = undefined;
  onclose: (() => void) | undefined = undefined;
  onerror: ((error: Error) => void) | undefined = undefined;
  /** Every message received from the server, in order. */
  readonly received: JSONRPCMessage[] = [];
  /** Schema violations found so far. */
  readonly violations: string[] = [];
  private readonly methodsById = new Map<RequestId, string>();

  constructor(private readonly inner: Transport) {
    inner.onmessage = (message, extra) => {
      this.check(message);
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const record = message as { id?: RequestId; method?: string };
    if (record.method !== undefined && record.id !== undefined) this.methodsById.set(record.id, record.method);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Server messages with this method (notifications and requests). */
  messagesWithMethod(method: string): JSONRPCMessage[] {
    return this.received.filter((m) => (m as { method?: string }).method === method);
  }

  /** Throws when any received message violated the schema. */
  assertClean(): void {
    if (this.violations.length > 0) throw new Error(`server sent invalid messages:\n${this.violations.join('\n')}`);
  }

  private check(message: JSONRPCMessage): void {
    this.received.push(message);
    const record = message as { id?: RequestId; method?: string };
    const method = record.method === undefined && record.id !== undefined ? this.methodsById.get(record.id) : undefined;
    for (const error of serverMessageErrors(message, method)) this.violations.push(error);
  }
}
