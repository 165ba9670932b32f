import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ExampleServer, StartExampleServer } from '../example-server';
import { connectSdkClient } from './greeter-checks';
import { ensureGreeterManifest } from './greeter-manifest';

/** The server and client of the running test (see {@link startForEachTest}). */
export interface RunningExample<S extends ExampleServer> {
  readonly server: S;
  /** An official SDK client connected to `server.url` (so the server has one session). */
  readonly client: Client;
  /** Closes the server now, with the client still connected (tests of closing). */
  closeServer(): Promise<void>;
}

/**
 * Mocha hooks for a mounting example's suite; call it inside `describe`. Once: makes sure the
 * greeter's manifest is there. Before each test: starts the example on a free port and connects
 * an SDK client. After each: closes both. The returned object reads the current test's pair.
 */
export function startForEachTest<S extends ExampleServer>(start: StartExampleServer<S>): RunningExample<S> {
  let server: S | undefined;
  let client: Client | undefined;

  before(function () {
    this.timeout(60_000);
    ensureGreeterManifest();
  });

  beforeEach(async () => {
    server = await start(0);
    client = await connectSdkClient(server.url);
  });

  afterEach(async () => {
    const [open, running] = [client, server];
    client = server = undefined;
    await open?.close();
    await running?.close();
  });

  const current = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`startForEachTest: no ${what} outside a test (or after closeServer())`);
    return value;
  };
  return {
    get server() {
      return current(server, 'server');
    },
    get client() {
      return current(client, 'client');
    },
    async closeServer() {
      const running = current(server, 'server');
      server = undefined;
      await running.close();
    },
  };
}
