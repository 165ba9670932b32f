import type { AuthInfo, MessageExtraInfo, Transport, TransportSendOptions } from '@armature/core';
import type { JSONRPCMessage, RequestId } from '@armature/core/wire/2025-11-25';
import { testingError } from '../errors/testing-error';
import { metaOf, revisionOfRequest, SUBSCRIPTION_ID_META_KEY, type McpRevision } from './mcp-revision';
import { serverMessageErrors } from './server-message-errors';
import type { WireLog } from './wire-log';

/**
 * Wraps the client end of a transport: every message from the server is recorded and checked
 * against the MCP schema (the envelope plus the type for its method) before the client sees
 * it. With `authInfo`, every client message carries it, as an authenticating transport would.
 *
 * Each revision is checked against its own schema. A response is checked against the revision
 * of the request it answers (`revisionOfRequest`). Notifications and server requests cannot
 * always be tied to a request (a response stream does not say which request it belongs to),
 * so they, and responses to no request this transport sent, use a simple rule: 2026-07-28
 * when the most recent client request was 2026-07-28 or the message carries
 * `params._meta['io.modelcontextprotocol/subscriptionId']`, else 2025-11-25.
 */
export class WireCheckedTransport implements Transport, WireLog {
  onmessage: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined = undefined;
  onclose: (() => void) | undefined = undefined;
  onerror: ((error: Error) => void) | undefined = undefined;
  readonly received: JSONRPCMessage[] = [];
  readonly violations: string[] = [];
  private readonly requestsById = new Map<RequestId, { readonly method: string; readonly revision: McpRevision }>();
  private lastRequestRevision: McpRevision = '2025-11-25';

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
    if (record.method !== undefined && record.id !== undefined) {
      const revision = revisionOfRequest(message);
      this.requestsById.set(record.id, { method: record.method, revision });
      this.lastRequestRevision = revision;
    }
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
    throw testingError(
      'ARM_ERR_WIRE_VIOLATION',
      `the server sent ${this.violations.length} invalid message(s):\n${this.violations.join('\n')}`,
    );
  }

  private record(message: JSONRPCMessage): void {
    this.received.push(message);
    if (!this.options.check) return;
    const record = message as { id?: RequestId; method?: string; params?: unknown };
    const request = record.method === undefined && record.id !== undefined ? this.requestsById.get(record.id) : undefined;
    const revision = request?.revision ?? this.revisionOfUnattributed(record.params);
    for (const error of serverMessageErrors(message, request?.method, revision)) {
      const where = revision === '2025-11-25' || error.includes(revision) ? '' : ` (MCP ${revision})`;
      this.violations.push(`${error}${where} in ${JSON.stringify(message).slice(0, 300)}`);
    }
  }

  /** The revision of a message that answers no known request: see the rule in the class comment. */
  private revisionOfUnattributed(params: unknown): McpRevision {
    if (this.lastRequestRevision === '2026-07-28' || metaOf(params)?.[SUBSCRIPTION_ID_META_KEY] !== undefined) return '2026-07-28';
    return '2025-11-25';
  }
}
