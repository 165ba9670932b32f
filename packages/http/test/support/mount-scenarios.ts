import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Armature } from '@armature/core';
import {
  createFixtureApp,
  fixtureRevisionTarget,
  revisionClientScenario,
  sdkClientScenario,
  type ServedServer,
  within,
} from '@armature/transport-fixtures';
import { post } from './raw-http';

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
        session: stateless
          ? undefined
          : { ends: 'with DELETE', end: (client) => (client.transport as StreamableHTTPClientTransport).terminateSession() },
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

/** What a mount's own integration test works with: a fresh fixture app, and the mount and client it opens. */
export interface MountTest<M extends Mounted> {
  readonly app: Armature;
  served: M | undefined;
  client: Client | undefined;
}

/** A fresh fixture app `appName` for each test of the enclosing suite; its mount and client, if any, are closed after it. */
export function mountTest<M extends Mounted>(appName: string): MountTest<M> {
  let app: Armature | undefined;
  const test = {
    get app(): Armature {
      if (app === undefined) throw new Error('the fixture app exists only inside a test');
      return app;
    },
    served: undefined as M | undefined,
    client: undefined as Client | undefined,
  };
  beforeEach(async () => {
    app = await createFixtureApp(appName);
  });
  afterEach(async () => {
    await test.client?.close();
    test.client = undefined;
    await test.served?.close();
    test.served = undefined;
    await app?.close();
  });
  return test;
}

/**
 * A mount with `maxBodyBytes: 1024` answers a body it cannot read with the JSON-RPC error
 * (malformed: 400 -32700; oversized: 413 -32600) and then serves an SDK client as before.
 */
export async function expectBodyRefusals(test: MountTest<Mounted>): Promise<void> {
  const url = test.served!.url;
  const broken = await post(url, '{"jsonrpc":');
  expect(broken.status).to.equal(400);
  expect(((await broken.json()) as { error: { code: number } }).error.code).to.equal(-32700);
  const huge = await post(url, { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(2048) } });
  expect(huge.status).to.equal(413);
  expect(((await huge.json()) as { error: { code: number } }).error.code).to.equal(-32600);
  test.client = new Client({ name: 'after', version: '1.0.0' });
  await within(test.client.connect(new StreamableHTTPClientTransport(new URL(url))), 'connect');
  expect(await within(test.client.ping(), 'ping')).to.deep.equal({});
}
