import type { Armature } from '../../../src/app/armature.app';
import { META } from '../../../src/kernel/revision-2026';
import type { AuthInfo } from '../../../src/context/request-context';
import type { JSONRPCMessage, RequestId } from '../../../src/wire/mcp-types.generated';
import { InMemoryTransport } from '../../../src/transport/in-memory.transport';
import type { ConnectedSession } from '../../../src/session/connectable-app';
import { serverMessageErrors, WireCheckedTransport } from '@armature/testing';
import { waitUntil } from '../../support/wait';

export const V2026 = '2026-07-28';

/** What a test reads of a server message. */
export type Msg = JSONRPCMessage & {
  id?: RequestId;
  method?: string;
  params?: Record<string, unknown> & { _meta?: Record<string, unknown> };
  result?: Record<string, unknown> & { _meta?: Record<string, unknown> };
  error?: { code: number; message: string; data?: Record<string, unknown> };
};

/** Options of a 2026 envelope. */
export interface EnvelopeOptions {
  readonly caps?: Record<string, unknown>;
  readonly logLevel?: string;
  readonly version?: unknown;
  readonly clientInfo?: Record<string, unknown>;
  /** Other `_meta` members (progressToken…). */
  readonly meta?: Record<string, unknown>;
}

/** The `_meta` envelope of a 2026 request. */
export function envelope(options: EnvelopeOptions = {}): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    [META.protocolVersion]: options.version ?? V2026,
    [META.clientCapabilities]: options.caps ?? {},
    [META.clientInfo]: options.clientInfo ?? { name: 'raw-2026', version: '1.0.0' },
    ...options.meta,
  };
  if (options.logLevel !== undefined) meta[META.logLevel] = options.logLevel;
  return meta;
}

/** `params` with the 2026 envelope added. */
export function with2026(params: Record<string, unknown> = {}, options: EnvelopeOptions = {}): Record<string, unknown> {
  return { ...params, _meta: envelope(options) };
}

/** The elicitation / sampling / roots capabilities, declared. */
export const ALL_CAPS = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };

/** The text of the first content block of a tools/call result. */
export function textOf(message: Msg): string {
  const content = message.result?.content as { text?: string }[] | undefined;
  return content?.[0]?.text ?? '';
}

/** Throws unless `message` is a valid MCP 2026-07-28 server message (a response to `method`, when given). */
export function assert2026(message: unknown, method?: string): void {
  const errors = serverMessageErrors(message, method, V2026);
  if (errors.length > 0) throw new Error(`invalid 2026 message ${JSON.stringify(message).slice(0, 300)}: ${errors.join('; ')}`);
}

/**
 * A hand-driven client on one in-memory connection to an app, for 2026 traffic (raw
 * messages, no SDK). Everything the server sends is checked by `WireCheckedTransport`
 * (each response against the revision of its request); `close()` fails on a violation.
 */
export class Peer2026 {
  private constructor(
    readonly wire: WireCheckedTransport,
    readonly session: ConnectedSession,
  ) {}

  static async open(app: Armature): Promise<Peer2026> {
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    const session = await app.connect(serverEnd);
    const wire = new WireCheckedTransport(clientEnd, { check: true });
    await wire.start();
    return new Peer2026(wire, session);
  }

  get received(): Msg[] {
    return this.wire.received as Msg[];
  }

  send(message: Record<string, unknown>, authInfo?: AuthInfo): Promise<void> {
    return this.wire.send(message as unknown as JSONRPCMessage, authInfo === undefined ? undefined : ({ authInfo } as never));
  }

  /** Sends a request without waiting for its answer. */
  start(method: string, params: Record<string, unknown> | undefined, id: RequestId, authInfo?: AuthInfo): Promise<void> {
    return this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params }, authInfo);
  }

  /** Sends a request (params as given, no envelope added) and waits for its response. */
  async raw(method: string, params: Record<string, unknown> | undefined, id: RequestId, authInfo?: AuthInfo): Promise<Msg> {
    const from = this.received.length;
    await this.start(method, params, id, authInfo);
    return this.next((m) => m.id === id && m.method === undefined, `response to ${method} #${String(id)}`, from);
  }

  /** Sends a 2026 request (the envelope added to `params`) and waits for its response. */
  request(
    method: string,
    params: Record<string, unknown>,
    id: RequestId,
    options: EnvelopeOptions = {},
    authInfo?: AuthInfo,
  ): Promise<Msg> {
    return this.raw(method, with2026(params, options), id, authInfo);
  }

  /** A 2026 `tools/call`. */
  call(
    name: string,
    args: Record<string, unknown>,
    id: RequestId,
    options: EnvelopeOptions & { extra?: Record<string, unknown> } = {},
    authInfo?: AuthInfo,
  ): Promise<Msg> {
    return this.request('tools/call', { name, arguments: args, ...options.extra }, id, options, authInfo);
  }

  /** The first message at or after index `from` that matches (bounded wait). */
  async next(match: (m: Msg) => boolean, what: string, from = 0, timeoutMs = 5000): Promise<Msg> {
    let found: Msg | undefined;
    await waitUntil(() => (found = this.received.slice(from).find(match)) !== undefined, what, timeoutMs);
    return found!;
  }

  /** Notifications with `method` received at or after `from`. */
  notifications(method: string, from = 0): Msg[] {
    return this.received.slice(from).filter((m) => m.method === method && m.id === undefined);
  }

  /** Every response with `id` received so far. */
  responsesTo(id: RequestId): Msg[] {
    return this.received.filter((m) => m.id === id && m.method === undefined);
  }

  /** Closes the connection, then fails when the server sent anything the schemas reject. */
  async close(): Promise<void> {
    await this.wire.close();
    await this.session.close();
    this.wire.assertClean();
  }
}

/** Resolves after `ms` (for "nothing more arrives" checks, always short). */
export function settle(ms = 50): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
