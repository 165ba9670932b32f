import type { RootModule } from '@armature/core';
import type { Token } from '@armature/di';
import { createTestApp } from './create-test-app';
import { connectTestClient } from './test-client';
import type { TestClient, TestClientOptions, TestServer, TestServerOptions } from './test-server.types';

/**
 * Boots `root` as an Armature app (with `options.overrides` replacing providers) and connects
 * the official SDK client to it over the in-memory transport, every server message checked
 * against the MCP schema. Close it when the test is done:
 *
 * ```ts
 * const server = await createTestServer(WeatherModule, { overrides: [override(WeatherApi).useValue(fake)] });
 * try { … server.client.callTool(…) … } finally { await server.close(); }
 * ```
 */
export async function createTestServer(root: RootModule, options: TestServerOptions = {}): Promise<TestServer> {
  const { clientInfo, capabilities, authInfo, wireCheck, ...appOptions } = options;
  const app = await createTestApp(root, appOptions);
  const clients: TestClient[] = [];
  const connect = async (clientOptions: TestClientOptions): Promise<TestClient> => {
    const connected = await connectTestClient(app, clientOptions);
    clients.push(connected);
    return connected;
  };
  let first: TestClient;
  try {
    first = await connect({ clientInfo, capabilities, authInfo, wireCheck });
  } catch (error) {
    await app.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    app,
    client: first.client,
    wire: first.wire,
    get: <T>(token: Token<T>): T => app.get(token),
    connectClient: (clientOptions = {}) => connect({ wireCheck, ...clientOptions }),
    close: () => {
      closing ??= (async () => {
        await Promise.allSettled(clients.map((c) => c.close()));
        await app.close();
        for (const c of clients) c.wire.assertClean();
      })();
      return closing;
    },
  };
}
