import type { Armature, AuthInfo } from '@armature/core';
import type { Token } from '@armature/di';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ClientCapabilities, Implementation } from '@modelcontextprotocol/sdk/types.js';
import type { WireLog } from '../wire/wire-log';
import type { TestAppOptions } from './test-app-options';

/** How a test client connects: who it says it is, what it can do, who it is authenticated as. */
export interface TestClientOptions {
  /** `clientInfo` sent in `initialize` (default `{ name: 'armature-test-client', version: '0.0.0' }`). */
  readonly clientInfo?: Implementation;
  /** Client capabilities (e.g. `{ elicitation: {} }` to test tools that elicit). */
  readonly capabilities?: ClientCapabilities;
  /** Every client message carries this principal, as `ctx.authInfo` in handlers. */
  readonly authInfo?: AuthInfo;
  /**
   * Check every server message against the MCP 2025-11-25 schema (default `true`);
   * `close()` then throws `ARM_ERR_WIRE_VIOLATION` if any failed.
   */
  readonly wireCheck?: boolean;
}

/**
 * Options of `createTestServer`: the app's options (`name` and `version` have defaults),
 * provider overrides, and the first client's options.
 */
export interface TestServerOptions extends TestAppOptions, TestClientOptions {}

/** One SDK client connected to a test server, with the log of what it received. */
export interface TestClient {
  /** The official SDK client, initialized and connected over the in-memory transport. */
  readonly client: Client;
  /** What the server sent this client, each message checked against the MCP schema. */
  readonly wire: WireLog;
  /** Closes the client (the server ends its session). Idempotent. */
  close(): Promise<void>;
}

/** A booted app with a connected client; `close()` it when the test is done. */
export interface TestServer extends TestClient {
  /** The app under test (its registries: `app.tools`, `app.resources`, `app.prompts`). */
  readonly app: Armature;
  /** A singleton of the app's container: a service, a fake put in by an override. */
  get<T>(token: Token<T>): T;
  /** Connects one more client as a separate session (closed by `close()` too). */
  connectClient(options?: TestClientOptions): Promise<TestClient>;
  /**
   * Closes every client, then the app (sessions, then the container's `onShutdown` hooks).
   * Throws `ARM_ERR_WIRE_VIOLATION` afterwards if any client received an invalid message.
   * Idempotent.
   */
  close(): Promise<void>;
}
