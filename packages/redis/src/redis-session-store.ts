import { createHash } from 'node:crypto';
import type { SessionChange } from '@armature/core/internal';
import type { LoggingLevel } from '@armature/core/wire/2025-11-25';
import type { ListKind } from '@armature/core/ports';
import type { IndexedSession, SessionStateStore, StoredSession } from '@armature/http';
import { RedisConnection, type RedisConnectionOptions } from './redis-connection';
import { CHANGE, DELETE, INDEX_LISTS, SUBSCRIBERS, TOUCH } from './redis-session-scripts';

const SUB = 'sub:';

/** Limits of the Redis session store. */
export interface RedisSessionStoreOptions {
  /**
   * Most sessions one `notifications/resources/updated` is appended to by the instance raising
   * it, for sessions no live instance holds (`subscribersOf`). Default 1 000 (the default
   * `maxSessions` of one instance); subscribers beyond it get the update only from a live copy.
   * The same bound applies to a `list_changed` appended to every stored session (`sessionsServed`).
   */
  readonly maxFanOut?: number;
}

/**
 * `SessionStateStore` on Redis: a hash per session (`<prefix>session:<sha256 of the id>`, so a
 * dump of Redis holds no usable session id) with the idle timeout as a sliding TTL. Fields:
 * `state` (the `initialize` facts as JSON), `seen` (last served, ms), `level`, and one
 * `sub:<uri>` per subscription, so a change is one small script that never brings back a
 * deleted session. The subscription index is a sorted set per URI (`<prefix>subs:<sha1 of the
 * uri>`) of `<session key> <stream prefix>` scored by when the session expires, kept in step by
 * the same scripts, so an expired session leaves the index with its TTL. The index of all stored
 * sessions is a sorted set per list kind (`<prefix>sessions:<tools|resources|prompts>`) of the same
 * members, scored by expiry, pruned of expired entries when a session is opened and when read.
 */
export class RedisSessionStore implements SessionStateStore {
  readonly shared = true;
  private readonly redis: RedisConnection;
  private readonly maxFanOut: number;

  constructor(options: RedisConnectionOptions | RedisConnection, limits: RedisSessionStoreOptions = {}) {
    this.redis = options instanceof RedisConnection ? options : new RedisConnection(options);
    this.maxFanOut = limits.maxFanOut ?? 1000;
    if (!Number.isInteger(this.maxFanOut) || this.maxFanOut < 0)
      throw new RangeError('RedisSessionStore: maxFanOut must be a whole number ≥ 0');
  }

  async create(session: StoredSession, ttlMs: number): Promise<void> {
    const now = Date.now();
    const key = this.key(session.id);
    const { subscriptions, logLevel, lastSeenAt, ...facts } = session;
    const fields: Record<string, string> = { state: JSON.stringify(facts), seen: String(lastSeenAt) };
    if (logLevel !== undefined) fields.level = logLevel;
    for (const uri of subscriptions) fields[SUB + uri] = '1';
    const member = `${session.key ?? ''} ${session.streamPrefix}`;
    const expires = ttlMs > 0 ? now + ttlMs : Number.POSITIVE_INFINITY;
    await this.redis.run('The session store', async (client) => {
      const multi = client.multi().del(key).hSet(key, fields);
      if (ttlMs > 0) multi.pExpire(key, ttlMs);
      for (const list of session.lists ?? []) {
        // The index of all sessions has no TTL of its own: each session opened prunes the expired entries.
        multi.zRemRangeByScore(this.sessionsKey(list), '-inf', `(${now}`);
        multi.zAdd(this.sessionsKey(list), { score: expires, value: member });
      }
      for (const uri of subscriptions) {
        multi.zAdd(this.indexKey(uri), { score: expires, value: member });
        if (ttlMs > 0) multi.pExpire(this.indexKey(uri), ttlMs);
      }
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
      client.eval(TOUCH, { keys: [this.key(id)], arguments: [String(ttlMs), String(Date.now()), this.redis.prefix] }),
    );
    return Number(found) === 1;
  }

  async change(id: string, change: SessionChange, ttlMs: number): Promise<void> {
    const args = [String(ttlMs), String(Date.now()), this.redis.prefix];
    if (change.logLevel !== undefined) args.push('level', change.logLevel);
    if (change.subscribe !== undefined) args.push(SUB + change.subscribe, '1');
    if (change.unsubscribe !== undefined) args.push(SUB + change.unsubscribe, '');
    await this.redis.run('The session store', (client) => client.eval(CHANGE, { keys: [this.key(id)], arguments: args }));
  }

  async delete(id: string): Promise<void> {
    await this.redis.run('The session store', (client) => client.eval(DELETE, { keys: [this.key(id)], arguments: [this.redis.prefix] }));
  }

  /** A session stored before `lists` were kept (an older version) gets them and joins `<prefix>sessions:<list>`. */
  async indexLists(id: string, lists: readonly ListKind[]): Promise<void> {
    const key = this.key(id);
    await this.redis.run('The session store', async (client) => {
      const state = await client.hGet(key, 'state');
      if (typeof state !== 'string') return;
      const facts = JSON.parse(state) as { lists?: unknown };
      if (facts.lists !== undefined) return;
      const next = JSON.stringify({ ...facts, lists });
      await client.eval(INDEX_LISTS, { keys: [key], arguments: [state, next, String(Date.now()), this.redis.prefix, ...lists] });
    });
  }

  subscribersOf(uri: string): Promise<IndexedSession[]> {
    return this.indexed(this.indexKey(uri));
  }

  /** The stored sessions told `list`'s changes (`<prefix>sessions:<list>`, by expiry; expired entries pruned first). */
  sessionsServed(list: ListKind): Promise<IndexedSession[]> {
    return this.indexed(this.sessionsKey(list));
  }

  private async indexed(index: string): Promise<IndexedSession[]> {
    if (this.maxFanOut === 0) return [];
    const members = await this.redis.run('The session store', (client) =>
      client.eval(SUBSCRIBERS, { keys: [index], arguments: [String(Date.now()), String(this.maxFanOut)] }),
    );
    const found: IndexedSession[] = [];
    for (const member of Array.isArray(members) ? members : []) {
      const text = typeof member === 'string' ? member : '';
      const space = text.indexOf(' ');
      if (space >= 0) found.push({ key: text.slice(0, space), streamPrefix: text.slice(space + 1) });
    }
    return found;
  }

  private sessionsKey(list: ListKind): string {
    return `${this.redis.prefix}sessions:${list}`;
  }

  private indexKey(uri: string): string {
    return `${this.redis.prefix}subs:${createHash('sha1').update(uri).digest('hex')}`;
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
