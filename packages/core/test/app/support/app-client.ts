import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Armature } from '../../../src/app/armature.app';
import type { ServerLogger } from '../../../src/logging/server-logger';
import { InMemoryTransport } from '../../../src/transport/in-memory.transport';
import type { ConnectedSession } from '../../../src/session/connectable-app';
import type { WireCheckedTransport } from '@armature/testing';
import { checkedSdkClient, type SdkClientOptions } from '../../support/connect';

/** An official SDK client connected to an app over the in-memory pair; every server message is schema-checked. */
export interface AppConnection {
  readonly client: Client;
  readonly wire: WireCheckedTransport;
  readonly session: ConnectedSession;
  /** Closes the client and asserts the server sent only valid messages. */
  close(): Promise<void>;
}

/** Connects a new SDK client session to `app`. */
export async function connectClient(app: Armature, options: SdkClientOptions = {}): Promise<AppConnection> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const session = await app.connect(serverEnd);
  const { client, wire } = await checkedSdkClient(clientEnd, 'app-test-client', options);
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
