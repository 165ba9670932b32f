import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Armature } from '@armature/core';
import { createFixtureApp, fixtureRevisionTarget, revisionClientScenario, sdkClientScenario, type ServedServer } from '@armature/transport-fixtures';

/** The fixture app mounted in a web framework, listening on 127.0.0.1 at a free port. */
export interface Mounted {
  /** The MCP endpoint. */
  readonly url: string;
  /** Stops the framework's server the way an author would (its own close, or the handler's then the server's). */
  close(): Promise<void>;
}

/** Mounts `app` in the framework under test. */
export type Mount = (app: Armature, options: { readonly stateless: boolean }) => Promise<Mounted>;

/** Runs `close` once, however often it is called. */
export function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/**
 * Registers, for a mount, the scenarios every Streamable HTTP server passes: the shared SDK v1
 * client scenario (stateful: sessions, SSE progress and logs, GET-stream pushes, DELETE;
 * stateless), and the official SDK clients of both revisions — v1 (2025-11-25), v2 pinned to
 * 2026-07-28 and v2 in auto mode on the stateful mount, v2 pinned on the stateless one.
 */
export function mountScenarios(framework: string, mount: Mount): void {
  const appName = `${framework}-fixture`;

  for (const stateless of [false, true]) {
    describe(`the shared SDK-client scenario (${stateless ? 'stateless' : 'stateful'})`, () => {
      sdkClientScenario({
        appName,
        serve: (app) => mount(app, { stateless }),
        clientTransport: (url) => new StreamableHTTPClientTransport(url),
        session: stateless ? undefined : { ends: 'with DELETE', end: (client) => (client.transport as StreamableHTTPClientTransport).terminateSession() },
      });
    });
  }

  async function start(stateless: boolean): Promise<ServedServer> {
    const app = await createFixtureApp(appName);
    try {
      const mounted = await mount(app, { stateless });
      return {
        endpoint: { kind: 'http', url: mounted.url },
        sessionCount: () => app.sessionCount,
        // As on SIGTERM: the framework closes (and with it the MCP handler), then the app.
        shutdown: async () => {
          await mounted.close();
          await app.close();
        },
        close: async () => {
          try {
            await mounted.close();
          } finally {
            await app.close();
          }
        },
      };
    } catch (error) {
      await app.close();
      throw error;
    }
  }

  describe('the official SDK clients of both revisions (stateful)', () => {
    revisionClientScenario({ transport: 'http', start: () => start(false) }, fixtureRevisionTarget(appName));
  });

  describe('the SDK v2 client pinned to 2026-07-28 (stateless POSTs)', () => {
    revisionClientScenario({ transport: 'http', start: () => start(true) }, fixtureRevisionTarget(appName), ['sdk-v2-pinned']);
  });
}
