import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Armature } from '../../../src/app/armature.app';
import type { ClientCapabilities } from '../../../src/protocol/mcp-types.generated';
import type { ServerLogger } from '../../../src/protocol/server-logger';
import { InMemoryTransport } from '../../../src/transport/in-memory.transport';
import type { ConnectedSession } from '../../../src/transport/transport';
import { WireCheckedTransport } from '@armature/testing';

/** An official SDK client connected to an app over the in-memory pair; every server message is schema-checked. */
export interface AppConnection {
  readonly client: Client;
  readonly wire: WireCheckedTransport;
  readonly session: ConnectedSession;
  /** Closes the client and asserts the server sent only valid messages. */
  close(): Promise<void>;
}

/** Connects a new SDK client session to `app`. */
export async function connectClient(
  app: Armature,
  options: { capabilities?: ClientCapabilities; configure?: (client: Client) => void } = {},
): Promise<AppConnection> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const session = await app.connect(serverEnd);
  const wire = new WireCheckedTransport(clientEnd, { check: true });
  const client = new Client({ name: 'app-test-client', version: '1.0.0' }, { capabilities: (options.capabilities ?? {}) as never });
  options.configure?.(client);
  await client.connect(wire as unknown as SdkTransport);
  return {
    client,
    wire,
    session,
    close: async () => {
      await client.close();
      await session.close();
      wire.assertClean();
    },
  };
}

/** A logger that records what the server logs (instead of stderr), for assertions. */
export class RecordingLogger implements ServerLogger {
  readonly errors: { message: string; detail: unknown }[] = [];
  readonly warnings: string[] = [];

  error(message: string, detail?: unknown): void {
    this.errors.push({ message, detail });
  }

  warn(message: string): void {
    this.warnings.push(message);
  }

  debug(): void {}
}
