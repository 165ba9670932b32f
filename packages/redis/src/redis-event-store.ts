import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import type { EventStore } from '@armature/http';
import { RedisConnection, type RedisConnectionOptions } from './redis-connection';

/** Limits of the Redis event store. */
export interface RedisEventStoreOptions {
  /** Events kept per stream (XADD MAXLEN ~, so a little more may stay). Default 1000. */
  readonly maxEventsPerStream?: number;
  /** A stream nobody appends to expires after this long (ms). Default 30 minutes, the session idle timeout. */
  readonly streamTtlMs?: number;
  /** How long an ended stream stays resumable (ms). Default 60 000. */
  readonly endedStreamTtlMs?: number;
  /**
   * How long a stream remembers the key of a broadcast appended with `appendOnce` (ms), so the
   * other instances' copies of its session, hearing the same broadcast, do not append it again.
   * Default 60 000: far longer than a broadcast takes to reach every instance.
   */
  readonly onceKeyTtlMs?: number;
}

/** XADD with a bounded length, then slide the stream's TTL; returns the entry id. KEYS[1]; ARGV maxlen, ttl, field, value. */
const APPEND = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return id`;

/**
 * APPEND unless the stream's recent-keys set already holds the key; returns the entry id, or nil.
 * KEYS[1] stream, KEYS[2] its recent keys (a sorted set by time); ARGV maxlen, ttl, field, value, key ttl, now, key.
 */
const APPEND_ONCE = `
local now = tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - tonumber(ARGV[5]))
if redis.call('ZADD', KEYS[2], 'NX', now, ARGV[7]) == 0 then return false end
redis.call('PEXPIRE', KEYS[2], ARGV[5])
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return id`;

/** The last entry id of a stream, adding a marker entry to an empty one (so its position is a real, resumable id). */
const POSITION = `
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local id
if #last == 0 then id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'p', '1') else id = last[1][1] end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return id`;

/** `<streamId>_<ms>-<seq>`: the stream's id, then the Redis entry id. */
const EVENT_ID = /^([\x21-\x5e\x60-\x7e]{1,128})_(\d{1,20}-\d{1,20})$/;

/**
 * `EventStore` on Redis Streams, so a client whose SSE stream's instance died resumes on
 * another with `Last-Event-ID`: one stream key per SSE stream (`<prefix>events:<streamId>`),
 * bounded by `MAXLEN ~` and expiring when idle; event ids are `<streamId>_<entry id>`; replay
 * reads after the id with an exclusive XRANGE start, so no event is sent twice.
 */
export class RedisEventStore implements EventStore {
  private readonly redis: RedisConnection;
  private readonly maxEvents: string;
  private readonly ttl: string;
  private readonly endedTtl: number;
  private readonly onceTtl: string;

  constructor(options: RedisConnectionOptions | RedisConnection, limits: RedisEventStoreOptions = {}) {
    this.redis = options instanceof RedisConnection ? options : new RedisConnection(options);
    this.maxEvents = String(limits.maxEventsPerStream ?? 1000);
    this.ttl = String(limits.streamTtlMs ?? 30 * 60_000);
    this.endedTtl = limits.endedStreamTtlMs ?? 60_000;
    this.onceTtl = String(limits.onceKeyTtlMs ?? 60_000);
  }

  async append(streamId: string, message: JSONRPCMessage): Promise<string> {
    const entry = await this.redis.run('The event store', (client) =>
      client.eval(APPEND, { keys: [this.key(streamId)], arguments: [this.maxEvents, this.ttl, 'm', JSON.stringify(message)] }),
    );
    return `${streamId}_${entryId(entry)}`;
  }

  /** `append`, unless an event with `key` was appended to the stream within `onceKeyTtlMs` (one script: check and append together). */
  async appendOnce(streamId: string, key: string, message: JSONRPCMessage): Promise<string | undefined> {
    const entry = await this.redis.run('The event store', (client) =>
      client.eval(APPEND_ONCE, {
        keys: [this.key(streamId), `${this.redis.prefix}events-once:${streamId}`],
        arguments: [this.maxEvents, this.ttl, 'm', JSON.stringify(message), this.onceTtl, String(Date.now()), key],
      }),
    );
    return entry === null ? undefined : `${streamId}_${entryId(entry)}`;
  }

  async position(streamId: string): Promise<string> {
    const entry = await this.redis.run('The event store', (client) =>
      client.eval(POSITION, { keys: [this.key(streamId)], arguments: [this.maxEvents, this.ttl] }),
    );
    return `${streamId}_${entryId(entry)}`;
  }

  isWellFormed(eventId: string): boolean {
    return EVENT_ID.test(eventId);
  }

  /** The stream, while the event itself is still retained (an evicted one cannot be resumed without loss). */
  async streamOf(eventId: string): Promise<string | undefined> {
    const parsed = EVENT_ID.exec(eventId);
    if (parsed === null) return undefined;
    const [, streamId, entry] = parsed as unknown as [string, string, string];
    const found = await this.redis.run('The event store', (client) => client.xRange(this.key(streamId), entry, entry, { COUNT: 1 }));
    return found !== null && found.length === 1 ? streamId : undefined;
  }

  async replayAfter(eventId: string, send: (eventId: string, message: JSONRPCMessage) => void): Promise<void> {
    const parsed = EVENT_ID.exec(eventId);
    if (parsed === null) return;
    const [, streamId, entry] = parsed as unknown as [string, string, string];
    const events = await this.redis.run('The event store', (client) =>
      client.xRange(this.key(streamId), `(${entry}`, '+', { COUNT: Number(this.maxEvents) * 2 }),
    );
    for (const event of events ?? []) {
      const json = event?.message?.m;
      if (typeof json === 'string') send(`${streamId}_${event.id}`, JSON.parse(json) as JSONRPCMessage);
    }
  }

  async endStream(streamId: string): Promise<void> {
    await this.redis.run('The event store', (client) => client.pExpire(this.key(streamId), this.endedTtl));
  }

  async forgetStream(streamId: string): Promise<void> {
    await this.redis.run('The event store', (client) => client.del([this.key(streamId), `${this.redis.prefix}events-once:${streamId}`]));
  }

  private key(streamId: string): string {
    return `${this.redis.prefix}events:${streamId}`;
  }
}

/** The stream entry id a script returned (Redis answers a bulk string). */
function entryId(entry: unknown): string {
  if (typeof entry !== 'string') throw new TypeError(`The event store: Redis returned ${typeof entry} for a stream entry id`);
  return entry;
}
