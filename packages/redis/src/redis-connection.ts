import { createClient } from 'redis';
import { isMcpWireError, McpWireError, WireErrorCode } from '@armature/core';

/** The node-redis client the ports use (a plain `createClient()` client, RESP2 or RESP3). */
export type RedisClient = ReturnType<typeof createClient>;

/** How the ports reach Redis. */
export interface RedisConnectionOptions {
  /** `redis://…` / `rediss://…` (TLS). Ignored when `client` is given. */
  readonly url?: string;
  /**
   * A client of your own (`createClient({...})`, connected or not). Its reconnect and offline
   * settings are yours; the default client fails commands at once while disconnected.
   */
  readonly client?: RedisClient;
  /**
   * Prefix of every key and channel (default `{armature}:`). The braces are a Redis Cluster hash
   * tag: every key lands in one slot, which the multi-key scripts need.
   */
  readonly keyPrefix?: string;
  /** Longest a command may take before the request that needs it gets a clear error (ms, default 2,000). */
  readonly commandTimeoutMs?: number;
  /** Where connection errors go (default: nowhere; node-redis reconnects by itself). */
  readonly onError?: (error: Error) => void;
}

export const DEFAULT_KEY_PREFIX = '{armature}:';
const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;

/**
 * One Redis connection as the ports use it: commands fail fast (never hang) while Redis is
 * unreachable or slow, with an error a client can act on; node-redis reconnects in the
 * background (at most 2 s between attempts) and nothing is rejected unhandled.
 */
export class RedisConnection {
  readonly client: RedisClient;
  readonly prefix: string;
  private readonly timeoutMs: number;
  private readonly owned: boolean;
  private connecting: Promise<unknown> | undefined;
  /** Set by `close()`: commands fail at once instead of opening the connection again. */
  private closed = false;

  constructor(options: RedisConnectionOptions) {
    this.prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.timeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    this.owned = options.client === undefined;
    this.client =
      options.client ??
      createClient({
        ...(options.url === undefined ? {} : { url: options.url }),
        // Commands while disconnected fail at once instead of queuing behind a dead socket.
        disableOfflineQueue: true,
        socket: { connectTimeout: 2_000, reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2_000) },
      });
    // node-redis emits 'error' on every failed reconnect; without a listener that would crash the process.
    this.client.on('error', (error: Error) => options.onError?.(error));
  }

  /** Runs `command` on a connected client within the command timeout (or `timeoutMs`); a Redis failure becomes a clear -32603. */
  async run<T>(what: string, command: (client: RedisClient) => Promise<T>, timeoutMs = this.timeoutMs): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      if (this.closed) throw new Error('the connection was closed');
      await Promise.race([this.ready(), timeout]);
      return await Promise.race([command(this.client), timeout]);
    } catch (error) {
      // A refusal of the command's own (an invalid cursor) is the client's answer, not an outage.
      if (isMcpWireError(error)) throw error;
      throw unavailable(what, error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes the client if this connection created it. */
  async close(): Promise<void> {
    this.closed = true;
    if (!this.owned) return;
    await release(this.client);
  }

  private ready(): Promise<unknown> {
    if (this.client.isReady) return Promise.resolve();
    // The first connect is shared: commands issued meanwhile wait for it rather than fail offline.
    if (this.connecting !== undefined) return this.connecting;
    if (!this.client.isOpen) {
      this.connecting ??= this.client.connect().finally(() => (this.connecting = undefined));
      return this.connecting;
    }
    // Open but reconnecting: with the offline queue off, the command itself fails at once.
    return Promise.resolve();
  }
}

function unavailable(what: string, error: unknown): McpWireError {
  const reason = error instanceof Error ? error.message : String(error);
  // The reason is Redis's (a network or server message), never client input.
  return new McpWireError(
    WireErrorCode.InternalError,
    `${what} is unavailable right now (Redis: ${reason.slice(0, 120)}); try again in a few seconds`,
    undefined,
    { cause: error },
  );
}

/**
 * Lets go of a client: a graceful QUIT when it is connected, else `destroy()` at once — a client
 * still reconnecting to a Redis that is gone would otherwise keep its retry timer (and the
 * process) alive.
 */
export async function release(client: RedisClient): Promise<void> {
  try {
    if (client.isReady) await client.close();
    else if (client.isOpen) client.destroy();
  } catch {
    // Already closed or never connected: nothing to release.
  }
}
