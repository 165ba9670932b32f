import type { RequestStateNonces } from '@armature/core/ports';
import { RedisConnection, type RedisConnectionOptions } from './redis-connection';

/**
 * Core's `RequestStateNonces` on Redis: a used nonce is one key (`<prefix>statenonce:<nonce>`)
 * set with `NX` and expiring with its state, so of every instance sharing the Redis exactly one
 * honours a single-use `requestState`. A Redis failure refuses the retry (-32603), never lets a
 * state through unchecked.
 */
export class RedisRequestStateNonces implements RequestStateNonces {
  private readonly redis: RedisConnection;
  private readonly ownsConnection: boolean;

  /** `connection`: share one with other ports (its options win); else the store opens its own. */
  constructor(options: RedisConnectionOptions, connection?: RedisConnection) {
    this.redis = connection ?? new RedisConnection(options);
    this.ownsConnection = connection === undefined;
  }

  async consume(nonce: string, expiresAt: number): Promise<boolean> {
    const ttlMs = String(Math.max(1, Math.ceil(expiresAt - Date.now())));
    const key = `${this.redis.prefix}statenonce:${nonce}`;
    const reply = await this.redis.run('The single-use state store', (client) => client.sendCommand(['SET', key, '1', 'NX', 'PX', ttlMs]));
    return (reply as unknown) === 'OK';
  }

  /** Closes the connection if this store opened it (after `app.close()`). */
  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.close();
  }
}

/**
 * Single-use `requestState`s honoured once across every instance on one Redis
 * (`requestStateNonces` of `Armature.create`).
 *
 * ```ts
 * const nonces = redisRequestStateNonces({ url: process.env.REDIS_URL });
 * const app = await Armature.create(AppModule, { name, version, requestStateKey, requestStateNonces: nonces });
 * ```
 */
export function redisRequestStateNonces(options: RedisConnectionOptions): RedisRequestStateNonces {
  return new RedisRequestStateNonces(options);
}
