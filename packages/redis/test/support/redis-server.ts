import { type RedisServer, startRedisServer as start } from '@armature/transport-fixtures/redis-server';
import { RedisConnection } from '../../src/redis-connection';

export type { RedisServer };

/** A private `redis-server` for one test: every acknowledged write on disk, so a restart keeps it. */
export function startRedisServer(): Promise<RedisServer> {
  return start({ fsyncAlways: true });
}

/** A describe's redis-server (started before its tests, stopped after) and each test's connection in a fresh key space. */
export interface RedisSuite {
  readonly server: RedisServer;
  readonly connection: RedisConnection;
}

/**
 * Registers the hooks of a describe that runs on its own redis-server: one server for the
 * describe, and per test a new connection whose key prefix `{<slot><n>}:` no other test uses.
 */
export function redisSuite(slot: string): RedisSuite {
  let server: RedisServer | undefined;
  let connection: RedisConnection | undefined;
  let tests = 0;
  before(async () => {
    server = await startRedisServer();
  });
  after(async () => {
    await server?.stop();
  });
  beforeEach(() => {
    connection = new RedisConnection({ url: (server as RedisServer).url, keyPrefix: `{${slot}${++tests}}:` });
  });
  afterEach(async () => {
    await connection?.close();
  });
  return {
    get server(): RedisServer {
      if (server === undefined) throw new Error('the redis-server is not started yet (read it inside a test or hook)');
      return server;
    },
    get connection(): RedisConnection {
      if (connection === undefined) throw new Error('no connection yet (read it inside a test or hook)');
      return connection;
    },
  };
}
