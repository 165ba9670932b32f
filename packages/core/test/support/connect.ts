import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ClientCapabilities, JSONRPCMessage, RequestId } from '../../src/wire/mcp-types.generated';
import { ServerSession } from '../../src/session/server-session';
import type { ServerSessionOptions } from '../../src/session/server-session-options';
import { silentLogger } from '../../src/logging/server-logger';
import type { ServerFeatures } from '../../src/protocol/server-features';
import { type InMemorySendOptions, InMemoryTransport } from '../../src/transport/in-memory.transport';
import type { Transport } from '../../src/transport/transport';
import { WireCheckedTransport } from '@armature/testing';
import { serverMessageErrors } from './wire-schema';
import { waitUntil } from './wait';

/** An SDK client connected to a ServerSession over the in-memory pair, with wire checking. */
export interface SdkConnection {
  readonly client: Client;
  readonly session: ServerSession;
  readonly wire: WireCheckedTransport;
  close(): Promise<void>;
}

/** Session options for tests: a fixture server identity, quiet logs. */
export function testSessionOptions(features: ServerFeatures, overrides: Partial<ServerSessionOptions> = {}): ServerSessionOptions {
  return { serverInfo: { name: 'fixture', version: '1.0.0' }, features, logger: silentLogger, ...overrides };
}

/** What the official SDK client of a test is built with. */
export interface SdkClientOptions {
  readonly capabilities?: ClientCapabilities;
  readonly configure?: (client: Client) => void;
}

/** The official SDK client, connected through a schema-checking wrapper of `clientEnd` (a client's end of a transport). */
export async function checkedSdkClient(
  clientEnd: Transport,
  name: string,
  options: SdkClientOptions,
): Promise<{ client: Client; wire: WireCheckedTransport }> {
  const wire = new WireCheckedTransport(clientEnd, { check: true });
  // The SDK's capability type and ours describe the same JSON; the cast crosses the two packages' type copies.
  const client = new Client({ name, version: '1.0.0' }, { capabilities: (options.capabilities ?? {}) as never });
  options.configure?.(client);
  await client.connect(wire as unknown as SdkTransport);
  return { client, wire };
}

/** Connects the official SDK client to a new session serving `features`. */
export async function connectSdkClient(
  features: ServerFeatures,
  options: SdkClientOptions & { session?: Partial<ServerSessionOptions> } = {},
): Promise<SdkConnection> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const session = new ServerSession(serverEnd, testSessionOptions(features, options.session));
  await session.start();
  const { client, wire } = await checkedSdkClient(clientEnd, 'sdk-test-client', options);
  return {
    client,
    session,
    wire,
    close: async () => {
      await client.close();
      await session.close();
    },
  };
}

/**
 * A hand-driven client over the in-memory pair for messages the SDK would never send.
 * Everything the server sends is checked against the schema.
 */
export class RawPeer {
  readonly received: JSONRPCMessage[] = [];
  /** Schema violations in what the server sent; `close()` fails when there are any. */
  readonly violations: string[] = [];
  readonly session: ServerSession;
  private readonly methods = new Map<RequestId, string>();

  private constructor(
    private readonly end: InMemoryTransport,
    session: ServerSession,
  ) {
    this.session = session;
    end.onmessage = (message) => {
      const id = (message as { id?: RequestId }).id;
      const requestMethod = id === undefined || (message as { method?: string }).method !== undefined ? undefined : this.methods.get(id);
      this.violations.push(...serverMessageErrors(message, requestMethod));
      this.received.push(message);
    };
  }

  /** A started session on one end, this peer on the other. */
  static async open(features: ServerFeatures, session: Partial<ServerSessionOptions> = {}): Promise<RawPeer> {
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    const server = new ServerSession(serverEnd, testSessionOptions(features, session));
    await server.start();
    await clientEnd.start();
    return new RawPeer(clientEnd, server);
  }

  /** Sends anything (it is JSON-copied like a wire would); `authInfo` reaches the session as MessageExtraInfo. */
  send(message: unknown, options?: InMemorySendOptions): Promise<void> {
    const record = (typeof message === 'object' && message !== null ? message : {}) as { id?: RequestId; method?: string };
    if (record.method !== undefined && record.id !== undefined) this.methods.set(record.id, record.method);
    return this.end.send(message as JSONRPCMessage, options);
  }

  /** Sends a request and waits for the response with its id. */
  async request(
    method: string,
    params: Record<string, unknown> | undefined,
    id: RequestId,
  ): Promise<JSONRPCMessage & { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } }> {
    const before = this.received.length;
    await this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
    return this.next(
      (m) => (m as { id?: unknown }).id === id && (m as { method?: unknown }).method === undefined,
      `response to ${method} #${String(id)}`,
      before,
    );
  }

  /** Initializes the session (initialize + initialized). */
  async initialize(capabilities: ClientCapabilities = {}, protocolVersion = '2025-11-25'): Promise<Record<string, unknown>> {
    const response = await this.request('initialize', { protocolVersion, capabilities, clientInfo: { name: 'raw', version: '1' } }, 'init');
    await this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return response.result as Record<string, unknown>;
  }

  /** The first message received at or after index `from` that matches. */
  async next<T extends JSONRPCMessage>(
    match: (m: JSONRPCMessage) => boolean,
    what: string,
    from = 0,
  ): Promise<T & { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } }> {
    let found: JSONRPCMessage | undefined;
    await waitUntil(() => (found = this.received.slice(from).find(match)) !== undefined, what);
    return found as T & { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } };
  }

  /** Closes both ends, then fails if the server sent anything the schema rejects. */
  async close(): Promise<void> {
    await this.end.close();
    await this.session.close();
    if (this.violations.length > 0) throw new Error(`server sent invalid messages:\n${this.violations.join('\n')}`);
  }
}
