import { InMemoryTransport } from '@armature/core';
import type { ConnectableApp } from '@armature/core/internal';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { WireCheckedTransport } from '../wire/wire-checked.transport';
import type { TestClient, TestClientOptions } from './test-server.types';

const DEFAULT_CLIENT_INFO = { name: 'armature-test-client', version: '0.0.0' };

/** Connects an SDK client to `app` over a linked in-memory pair, through the wire check. */
export async function connectTestClient(app: ConnectableApp, options: TestClientOptions = {}): Promise<TestClient> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const session = await app.connect(serverEnd);
  const wire = new WireCheckedTransport(clientEnd, { check: options.wireCheck ?? true, authInfo: options.authInfo });
  const client = new Client(options.clientInfo ?? DEFAULT_CLIENT_INFO, { capabilities: options.capabilities ?? {} });
  try {
    // Our transport has the SDK's shape; the two packages' message types are declared apart.
    await client.connect(wire as unknown as SdkTransport);
  } catch (error) {
    await session.close().catch(() => undefined);
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    client,
    wire,
    close: () => {
      closed ??= client.close().then(() => session.close());
      return closed;
    },
  };
}
