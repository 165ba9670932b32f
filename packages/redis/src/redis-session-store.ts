import { createHash } from 'node:crypto';
import type { SessionChange } from '@armature/core/internal';
import type { LoggingLevel } from '@armature/core/wire/2025-11-25';
import type { SessionStateStore, StoredSession } from '@armature/http';
import { RedisConnection, type RedisConnectionOptions } from './redis-connection';

/** Sets the fields of a change on a session that still exists, and slides its TTL. KEYS[1] session; ARGV ttl, now, then field/value ('' value: delete). */
const CHANGE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'seen', ARGV[2])
for i = 3, #ARGV, 2 do
  if ARGV[i + 1] == '' then redis.call('HDEL', KEYS[1], ARGV[i]) else redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
if tonumber(ARGV[1]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1`;

/** Slides the TTL and notes when the session was last served; 1 when it exists. KEYS[1]; ARGV ttl, now. */
const TOUCH = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'seen', ARGV[2])
if tonumber(ARGV[1]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1`;

const SUB = 'sub:';

/**
 * `SessionStateStore` on Redis: a hash per session (`<prefix>session:<sha256 of the id>`, so a
 * dump of Redis holds no usable session id) with the idle timeout as a sliding TTL. Fields:
 * `state` (the `initialize` facts as JSON), `seen` (last served, ms), `level`, and one
 * `sub:<uri>` per subscription, so
 * a change is one small script that never brings back a deleted session.
 */
export class RedisSessionStore implements SessionStateStore {
  readonly shared = true;
  private readonly redis: RedisConnection;

  constructor(options: RedisConnectionOptions | RedisConnection) {
    this.redis = options instanceof RedisConnection ? options : new RedisConnection(options);
  }

  async create(session: StoredSession, ttlMs: number): Promise<void> {
    const key = this.key(session.id);
    const { subscriptions, logLevel, lastSeenAt, ...facts } = session;
    const fields: Record<string, string> = { state: JSON.stringify(facts), seen: String(lastSeenAt) };
    if (logLevel !== undefined) fields.level = logLevel;
    for (const uri of subscriptions) fields[SUB + uri] = '1';
    await this.redis.run('The session store', async (client) => {
      const multi = client.multi().del(key).hSet(key, fields);
      if (ttlMs > 0) multi.pExpire(key, ttlMs);
      await multi.exec();
    });
  }

  async get(id: string): Promise<StoredSession | undefined> {
    const reply = await this.redis.run('The session store', (client) => client.hGetAll(this.key(id)));
    const fields = hashOf(reply);
    if (typeof fields.state !== 'string') return undefined;
    const facts = JSON.parse(fields.state) as Omit<StoredSession, 'subscriptions' | 'logLevel' | 'lastSeenAt'>;
    const subscriptions = Object.keys(fields)
      .filter((name) => name.startsWith(SUB))
      .map((name) => name.slice(SUB.length));
    return {
      ...facts,
      ...(fields.level === undefined ? {} : { logLevel: fields.level as LoggingLevel }),
      subscriptions,
      lastSeenAt: Number(fields.seen ?? facts.createdAt),
    };
  }

  async touch(id: string, ttlMs: number): Promise<boolean> {
    const found = await this.redis.run('The session store', (client) =>
      client.eval(TOUCH, { keys: [this.key(id)], arguments: [String(ttlMs), String(Date.now())] }),
    );
    return Number(found) === 1;
  }

  async change(id: string, change: SessionChange, ttlMs: number): Promise<void> {
    const args = [String(ttlMs), String(Date.now())];
    if (change.logLevel !== undefined) args.push('level', change.logLevel);
    if (change.subscribe !== undefined) args.push(SUB + change.subscribe, '1');
    if (change.unsubscribe !== undefined) args.push(SUB + change.unsubscribe, '');
    await this.redis.run('The session store', (client) => client.eval(CHANGE, { keys: [this.key(id)], arguments: args }));
  }

  async delete(id: string): Promise<void> {
    await this.redis.run('The session store', (client) => client.del(this.key(id)));
  }

  private key(id: string): string {
    return `${this.redis.prefix}session:${createHash('sha256').update(id).digest('base64url')}`;
  }
}

/** HGETALL's answer as an object (node-redis gives a flat list on some protocol versions). */
function hashOf(reply: unknown): Record<string, string> {
  if (!Array.isArray(reply)) return (reply ?? {}) as Record<string, string>;
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < reply.length; i += 2) out[String(reply[i])] = String(reply[i + 1]);
  return out;
}
