import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Armature } from '../../../src/app/armature.app';
import type { AuthInfo } from '../../../src/context/request-context';
import type { JSONRPCMessage } from '../../../src/wire/mcp-types.generated';
import { InMemoryTransport, type InMemorySendOptions } from '../../../src/transport/in-memory.transport';
import { WireCheckedTransport } from '@armature/testing';

/** An SDK client whose every message reaches the server as if a transport had authenticated `authInfo`. */
export interface AuthedConnection {
  readonly client: Client;
  readonly wire: WireCheckedTransport;
  close(): Promise<void>;
}

/** A principal for tests. */
export function principal(scopes: readonly string[], clientId = 'client-1', extra?: Record<string, unknown>): AuthInfo {
  return { token: `token-of-${clientId}`, clientId, scopes, ...(extra === undefined ? {} : { extra }) };
}

/** Connects an SDK client to `app`; with `authInfo`, as that principal (the in-memory transport carries it like HTTP would). */
export async function connectAs(app: Armature, authInfo?: AuthInfo): Promise<AuthedConnection> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  if (authInfo !== undefined) {
    const send = clientEnd.send.bind(clientEnd);
    clientEnd.send = (message: JSONRPCMessage, options?: InMemorySendOptions) => send(message, { ...options, authInfo });
  }
  const session = await app.connect(serverEnd);
  const wire = new WireCheckedTransport(clientEnd, { check: true });
  const client = new Client({ name: 'authed-test-client', version: '1.0.0' }, { capabilities: {} });
  await client.connect(wire as unknown as SdkTransport);
  return {
    client,
    wire,
    close: async () => {
      await client.close();
      await session.close();
      wire.assertClean();
    },
  };
}

/** The JSON-RPC error a rejected SDK call carried. */
export async function rpcError(call: Promise<unknown>): Promise<{ code: number; message: string; data?: unknown }> {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => error as { code: number; message: string; data?: unknown },
  );
  if (outcome === undefined) throw new Error('expected the call to fail with a JSON-RPC error');
  return outcome;
}

/** The text of the first content block of a tool result. */
export function firstText(result: unknown): string {
  const [first] = ((result as { content?: unknown }).content ?? []) as { type: string; text?: string }[];
  return first?.text ?? '';
}
