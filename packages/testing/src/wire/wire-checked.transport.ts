import type { AuthInfo, JSONRPCMessage, MessageExtraInfo, RequestId, Transport, TransportSendOptions } from '@armature/core';
import { testingError } from '../errors/testing-error';
import { serverMessageErrors } from './mcp-wire-schema';
import type { WireLog } from './wire-log';

/**
 * Wraps the client end of a transport: every message from the server is recorded and checked
 * against the MCP schema (the envelope plus the type for its method) before the client sees
 * it. With `authInfo`, every client message carries it, as an authenticating transport would.
 */
export class WireCheckedTransport implements Transport, WireLog {
  onmessage: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined = undefined;
  onclose: (() => void) | undefined = undefined;
  onerror: ((error: Error) => void) | undefined = undefined;
  readonly received: JSONRPCMessage[] = [];
  readonly violations: string[] = [];
  private readonly methodsById = new Map<RequestId, string>();

  constructor(
    private readonly inner: Transport,
    private readonly options: { readonly check: boolean; readonly authInfo?: AuthInfo | undefined },
  ) {
    inner.onmessage = (message, extra) => {
      this.record(message);
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
    const authInfo = this.options.authInfo;
    return this.inner.send(message, authInfo === undefined ? options : ({ ...options, authInfo } as TransportSendOptions));
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  messagesWithMethod(method: string): JSONRPCMessage[] {
    return this.received.filter((m) => (m as { method?: unknown }).method === method);
  }

  assertClean(): void {
    if (this.violations.length === 0) return;
    throw testingError('ARM_ERR_WIRE_VIOLATION', `the server sent ${this.violations.length} invalid message(s):\n${this.violations.join('\n')}`);
  }

  private record(message: JSONRPCMessage): void {
    this.received.push(message);
    if (!this.options.check) return;
    const record = message as { id?: RequestId; method?: string };
    const method = record.method === undefined && record.id !== undefined ? this.methodsById.get(record.id) : undefined;
    for (const error of serverMessageErrors(message, method)) {
      this.violations.push(`${error} in ${JSON.stringify(message).slice(0, 300)}`);
    }
  }
}
