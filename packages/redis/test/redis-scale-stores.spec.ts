import { expect } from 'chai';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import type { StoredSession } from '@armature/http';
import { RedisConnection } from '../src/redis-connection';
import { RedisEventStore } from '../src/redis-event-store';
import { RedisNotificationBus } from '../src/redis-notification-bus';
import { RedisSessionStore } from '../src/redis-session-store';
import { redisSuite } from './support/redis-server';

const note = (n: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/resources/updated',
  params: { uri: `notes://${n}` },
});
const SESSION_ID = 'AbCdEfGhIj0123456789abcdefghijkl';

function session(overrides: Partial<StoredSession> = {}): StoredSession {
  return {
    id: SESSION_ID,
    principal: 'ada',
    protocolVersion: '2025-11-25',
    clientCapabilities: { elicitation: { form: {} } },
    clientInfo: { name: 'c', version: '1' },
    subscriptions: [],
    streamPrefix: 'a1b2c3d4e5f6',
    createdAt: 1_700_000_000_000,
    lastSeenAt: 1_700_000_000_000,
    ...overrides,
  };
}

async function until(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

describe('the scale-out stores on a real redis-server', function () {
  this.timeout(30_000);
  const redis = redisSuite('s');

  describe('RedisEventStore', () => {
    it("appends in order and replays after an id exclusively, only that stream's events, with well-formed opaque ids", async () => {
      const store = new RedisEventStore(redis.connection);
      const ids = [await store.append('p1.1', note(1)), await store.append('p1.1', note(2)), await store.append('p1.1', note(3))];
      await store.append('p1.2', note(99));
      for (const id of ids) {
        expect(store.isWellFormed(id), id).to.equal(true);
        expect(await store.streamOf(id)).to.equal('p1.1');
      }
      const replayed: [string, JSONRPCMessage][] = [];
      await store.replayAfter(ids[0]!, (id, message) => replayed.push([id, message]));
      expect(replayed).to.deep.equal([
        [ids[1], note(2)],
        [ids[2], note(3)],
      ]);
      const none: string[] = [];
      await store.replayAfter(ids[2]!, (id) => none.push(id));
      expect(none).to.deep.equal([]);
    });

    it('a position is a resumable id of the stream, before and after events', async () => {
      const store = new RedisEventStore(redis.connection);
      const start = await store.position('p2.0');
      expect(await store.streamOf(start)).to.equal('p2.0');
      const first = await store.append('p2.0', note(1));
      const replayed: string[] = [];
      await store.replayAfter(start, (id) => replayed.push(id));
      expect(replayed).to.deep.equal([first]);
      expect(await store.position('p2.0')).to.equal(first);
    });

    it('keeps at most about maxEventsPerStream events: an evicted id is unknown (a resume would lose events)', async () => {
      const store = new RedisEventStore(redis.connection, { maxEventsPerStream: 10 });
      const ids: string[] = [];
      for (let i = 0; i < 400; i++) ids.push(await store.append('p3.1', note(i)));
      expect(await store.streamOf(ids[0]!)).to.equal(undefined);
      expect(await store.streamOf(ids[399]!)).to.equal('p3.1');
      const length = await redis.connection.client.xLen(`${redis.connection.prefix}events:p3.1`);
      expect(length).to.be.at.most(200);
    });

    it('streams expire: a TTL while live, a shorter one once ended, and forgetStream drops at once', async () => {
      const store = new RedisEventStore(redis.connection, { streamTtlMs: 60_000, endedStreamTtlMs: 100 });
      const live = await store.append('p4.1', note(1));
      const ttl = await redis.connection.client.pTTL(`${redis.connection.prefix}events:p4.1`);
      expect(ttl).to.be.greaterThan(0).and.at.most(60_000);
      await store.endStream('p4.1');
      expect(await until(async () => (await store.streamOf(live)) === undefined)).to.equal(true);
      const other = await store.append('p4.2', note(2));
      await store.forgetStream('p4.2');
      expect(await store.streamOf(other)).to.equal(undefined);
    });

    it('every acknowledged event survives a Redis restart (append-only file) and replays after it', async () => {
      const store = new RedisEventStore(redis.connection, { streamTtlMs: 60_000 });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push(await store.append('p5.0', note(i)));
      await redis.server.restart();
      const replayed: string[] = [];
      const deadline = Date.now() + 10_000;
      for (;;) {
        try {
          await store.replayAfter(ids[0]!, (id) => replayed.push(id));
          break;
        } catch (error) {
          // The redis.connection is still coming back: the clear -32603, retried (bounded).
          expect(String((error as Error).message)).to.match(/event store is unavailable right now/);
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      expect(replayed).to.deep.equal(ids.slice(1));
      expect(await store.append('p5.0', note(5))).to.not.equal(ids[4]);
    });

    it('appendOnce keeps one event per key and stream, atomically, for onceKeyTtlMs; forgetStream drops the keys too', async () => {
      const store = new RedisEventStore(redis.connection, { onceKeyTtlMs: 150 });
      const start = await store.position('s');
      const tries = await Promise.all([1, 2, 3].map(() => store.appendOnce('s', 'k1', note(1))));
      expect(tries.filter((id) => id !== undefined)).to.have.length(1);
      expect(await store.appendOnce('t', 'k1', note(100))).to.be.a('string');
      expect(await store.appendOnce('s', 'k2', note(2))).to.be.a('string');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Past onceKeyTtlMs the key is forgotten: the same key appends again.
      expect(await store.appendOnce('s', 'k1', note(3))).to.be.a('string');
      const seen: unknown[] = [];
      await store.replayAfter(start, (_id, m) => seen.push((m as unknown as { params: { uri: string } }).params.uri));
      expect(seen).to.deep.equal(['notes://1', 'notes://2', 'notes://3']);
      await store.forgetStream('s');
      expect(await redis.connection.run('test', (client) => client.exists(`${redis.connection.prefix}events-once:s`))).to.equal(0);
    });

    it('refuses ids not in its shape without a lookup', () => {
      const store = new RedisEventStore(redis.connection);
      for (const bad of ['', 'x', 'p1.1_1', 'p1.1_1-x', 'a b_1-1', `${'x'.repeat(200)}_1-1`, 'p_1.1_1-1'])
        expect(store.isWellFormed(bad), bad).to.equal(false);
    });
  });

  describe('RedisSessionStore', () => {
    it('stores a session and reads it back; changes and subscriptions apply; delete removes it', async () => {
      const store = new RedisSessionStore(redis.connection);
      await store.create(session(), 60_000);
      expect(await store.get(SESSION_ID)).to.deep.equal(session());
      await store.change(SESSION_ID, { logLevel: 'debug' }, 60_000);
      await store.change(SESSION_ID, { subscribe: 'notes://1' }, 60_000);
      await store.change(SESSION_ID, { subscribe: 'notes://2' }, 60_000);
      await store.change(SESSION_ID, { unsubscribe: 'notes://1' }, 60_000);
      const changed = (await store.get(SESSION_ID))!;
      expect({ ...changed, lastSeenAt: 0 }).to.deep.equal(session({ logLevel: 'debug', subscriptions: ['notes://2'], lastSeenAt: 0 }));
      // Serving it (a change, a touch) notes when it was last seen.
      expect(changed.lastSeenAt).to.be.greaterThan(1_700_000_000_000);
      expect(await store.touch(SESSION_ID, 60_000)).to.equal(true);
      expect((await store.get(SESSION_ID))!.lastSeenAt).to.be.at.least(changed.lastSeenAt);
      await store.delete(SESSION_ID);
      expect(await store.get(SESSION_ID)).to.equal(undefined);
      expect(await store.touch(SESSION_ID, 60_000)).to.equal(false);
      // A late change never brings a deleted session back.
      await store.change(SESSION_ID, { subscribe: 'notes://3' }, 60_000);
      expect(await store.get(SESSION_ID)).to.equal(undefined);
    });

    it('expires an idle session (sliding TTL) and keys it by a hash of its id, never the id itself', async () => {
      const store = new RedisSessionStore(redis.connection);
      await store.create(session(), 300);
      const keys = await redis.connection.client.keys(`${redis.connection.prefix}*`);
      expect(keys).to.have.length(1);
      expect(keys[0]).to.not.include(SESSION_ID);
      expect(await until(async () => (await store.get(SESSION_ID)) === undefined)).to.equal(true);
    });

    it('indexes subscribers by URI: subscribe adds, unsubscribe and delete remove, a lapsed TTL drops them; maxFanOut bounds a read', async () => {
      const store = new RedisSessionStore(redis.connection);
      const other = 'ZyXwVuTsRq0123456789abcdefghijkl';
      await store.create(session({ key: 'AbCdEfGhIj' }), 60_000);
      await store.create(session({ id: other, key: 'ZyXwVuTsRq', streamPrefix: 'ffeeddccbbaa', subscriptions: ['notes://1'] }), 60_000);
      await store.change(SESSION_ID, { subscribe: 'notes://1' }, 60_000);
      await store.change(SESSION_ID, { subscribe: 'notes://2' }, 60_000);
      const byPrefix = (list: readonly { streamPrefix: string }[]): string[] => list.map((s) => s.streamPrefix).sort();
      expect(byPrefix(await store.subscribersOf('notes://1'))).to.deep.equal(['a1b2c3d4e5f6', 'ffeeddccbbaa']);
      expect(await store.subscribersOf('notes://2')).to.deep.equal([{ key: 'AbCdEfGhIj', streamPrefix: 'a1b2c3d4e5f6' }]);
      expect(await store.subscribersOf('notes://3')).to.deep.equal([]);
      // At most maxFanOut sessions per read.
      expect(await new RedisSessionStore(redis.connection, { maxFanOut: 1 }).subscribersOf('notes://1')).to.have.length(1);
      expect(await new RedisSessionStore(redis.connection, { maxFanOut: 0 }).subscribersOf('notes://1')).to.deep.equal([]);
      expect(() => new RedisSessionStore(redis.connection, { maxFanOut: -1 })).to.throw(RangeError);

      await store.change(SESSION_ID, { unsubscribe: 'notes://1' }, 60_000);
      expect(byPrefix(await store.subscribersOf('notes://1'))).to.deep.equal(['ffeeddccbbaa']);
      await store.delete(other);
      expect(await store.subscribersOf('notes://1')).to.deep.equal([]);
      expect(await store.subscribersOf('notes://2')).to.have.length(1);

      // The index entry follows the session's sliding TTL: a touch keeps it, a lapse drops it.
      await store.touch(SESSION_ID, 400);
      expect(await store.subscribersOf('notes://2')).to.have.length(1);
      expect(await until(async () => (await store.subscribersOf('notes://2')).length === 0)).to.equal(true);
      expect(await store.get(SESSION_ID)).to.equal(undefined);
      // Nothing of the index outlives its entries.
      expect(await until(async () => (await redis.connection.client.keys(`${redis.connection.prefix}subs:*`)).length === 0)).to.equal(true);
    });

    it('indexes every session by the lists it is told of: create adds, delete removes, a lapsed TTL drops it; maxFanOut bounds a read', async () => {
      const store = new RedisSessionStore(redis.connection);
      const other = 'ZyXwVuTsRq0123456789abcdefghijkl';
      await store.create(session({ key: 'AbCdEfGhIj', lists: ['tools', 'resources'] }), 60_000);
      await store.create(session({ id: other, key: 'ZyXwVuTsRq', streamPrefix: 'ffeeddccbbaa', lists: ['tools'] }), 60_000);
      const byPrefix = (list: readonly { streamPrefix: string }[]): string[] => list.map((s) => s.streamPrefix).sort();
      expect(byPrefix(await store.sessionsServed('tools'))).to.deep.equal(['a1b2c3d4e5f6', 'ffeeddccbbaa']);
      expect(await store.sessionsServed('resources')).to.deep.equal([{ key: 'AbCdEfGhIj', streamPrefix: 'a1b2c3d4e5f6' }]);
      expect(await store.sessionsServed('prompts')).to.deep.equal([]);
      expect(await new RedisSessionStore(redis.connection, { maxFanOut: 1 }).sessionsServed('tools')).to.have.length(1);
      expect(await new RedisSessionStore(redis.connection, { maxFanOut: 0 }).sessionsServed('tools')).to.deep.equal([]);

      await store.delete(other);
      expect(await store.sessionsServed('tools')).to.deep.equal([{ key: 'AbCdEfGhIj', streamPrefix: 'a1b2c3d4e5f6' }]);
      // A change and a touch slide the entry with the session; a lapse drops it.
      await store.change(SESSION_ID, { logLevel: 'debug' }, 400);
      await store.touch(SESSION_ID, 400);
      expect(await store.sessionsServed('resources')).to.have.length(1);
      expect(await until(async () => (await store.sessionsServed('tools')).length === 0)).to.equal(true);
      expect(await store.get(SESSION_ID)).to.equal(undefined);
      // Pruned on read: the index holds nothing once its sessions are gone.
      expect(await store.sessionsServed('resources')).to.deep.equal([]);
      expect(await redis.connection.client.keys(`${redis.connection.prefix}sessions:*`)).to.deep.equal([]);
    });
  });

  describe('RedisSessionStore: sessions stored before the index of all sessions', () => {
    it('indexLists gives a session stored without lists its lists and an index entry scored by its own TTL, once; a session with lists is never changed', async () => {
      const store = new RedisSessionStore(redis.connection);
      const other = 'ZyXwVuTsRq0123456789abcdefghijkl';
      // As an older version stored it: no `lists`, so in no index of all sessions.
      await store.create(session({ key: 'AbCdEfGhIj' }), 60_000);
      await store.create(session({ id: other, key: 'ZyXwVuTsRq', streamPrefix: 'ffeeddccbbaa', lists: ['prompts'] }), 60_000);
      expect(await store.sessionsServed('tools')).to.deep.equal([]);

      await store.indexLists(SESSION_ID, ['tools', 'resources']);
      await store.indexLists(SESSION_ID, ['prompts']);
      await store.indexLists(other, ['tools']);
      await store.indexLists('unknownUnknown0123456789abcdefgh', ['tools']);
      expect((await store.get(SESSION_ID))?.lists).to.deep.equal(['tools', 'resources']);
      expect((await store.get(other))?.lists).to.deep.equal(['prompts']);
      expect(await store.sessionsServed('tools')).to.deep.equal([{ key: 'AbCdEfGhIj', streamPrefix: 'a1b2c3d4e5f6' }]);
      expect(await store.sessionsServed('prompts')).to.deep.equal([{ key: 'ZyXwVuTsRq', streamPrefix: 'ffeeddccbbaa' }]);
      const score = await redis.connection.client.zScore(`${redis.connection.prefix}sessions:tools`, 'AbCdEfGhIj a1b2c3d4e5f6');
      expect(score).to.be.within(Date.now(), Date.now() + 60_000);
      // From now on the entry follows the session: a delete removes it.
      await store.delete(SESSION_ID);
      expect(await store.sessionsServed('resources')).to.deep.equal([]);
    });
  });

  describe('RedisNotificationBus', () => {
    it('delivers here at once and on the other instance once; an instance never hears its own event twice', async () => {
      const other = new RedisConnection({ url: redis.server.url, keyPrefix: redis.connection.prefix });
      const busA = new RedisNotificationBus(redis.connection);
      const busB = new RedisNotificationBus(other);
      try {
        const heardA: unknown[] = [];
        const heardB: unknown[] = [];
        busA.subscribe((event) => heardA.push(event));
        busB.subscribe((event) => heardB.push(event));
        await busA.ready();
        await busB.ready();
        const published = busA.publish({ type: 'resource_updated', uri: 'notes://1' });
        expect(heardA).to.deep.equal([{ type: 'resource_updated', uri: 'notes://1' }]);
        await published;
        expect(await until(async () => heardB.length === 1)).to.equal(true);
        await busB.publish({ type: 'list_changed', list: 'tools' });
        expect(await until(async () => heardA.length === 2)).to.equal(true);
        // Give a duplicate every chance to show up before checking there is none.
        await busA.publish({ type: 'session_ended', sessionKey: 'x' });
        expect(await until(async () => heardB.length === 3)).to.equal(true);
        expect(heardA).to.deep.equal([
          { type: 'resource_updated', uri: 'notes://1' },
          { type: 'list_changed', list: 'tools' },
          { type: 'session_ended', sessionKey: 'x' },
        ]);
        expect(busA.instanceId).to.not.equal(busB.instanceId);
      } finally {
        await busA.close();
        await busB.close();
        await other.close();
      }
    });
  });
});
