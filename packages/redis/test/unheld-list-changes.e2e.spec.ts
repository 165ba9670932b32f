import { expect } from 'chai';
import { McpNotifier } from '@armature/core';
import { checkServerMessage } from '@armature/testing';
import { openSession2025, request2025 } from '@armature/transport-fixtures';
import { sessionHeaders, SseReader } from './support/http-peers';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { type ScaleInstance, startScaleInstance } from './support/scale-app';

/** Any 2025 request: what the GET stream's messages are checked against (the 2025-11-25 schema). */
const A_2025_REQUEST = { jsonrpc: '2.0', id: 0, method: 'ping' };

/** A 2025 session opened on `instance`, its GET stream open there; the event id the client holds on it. */
async function openWatched(instance: ScaleInstance): Promise<{ sessionId: string; get: SseReader; lastEventId: string }> {
  const sessionId = await openSession2025(instance.http.url);
  const get = new SseReader(
    await fetch(instance.http.url, {
      headers: sessionHeaders(sessionId, { accept: 'text/event-stream' }),
      signal: AbortSignal.timeout(30_000),
    }),
    {},
  );
  const primed = await get.until((e) => e.id !== undefined && e.data === '');
  return { sessionId, get, lastEventId: primed.id! };
}

function resume(instance: ScaleInstance, sessionId: string, lastEventId: string): Promise<Response> {
  return fetch(instance.http.url, {
    headers: sessionHeaders(sessionId, { accept: 'text/event-stream', 'last-event-id': lastEventId }),
    signal: AbortSignal.timeout(30_000),
  });
}

const methodOf = (data: string): string | undefined => (JSON.parse(data) as { method?: string }).method;

/**
 * `notifications/<list>/list_changed` raised while no instance holds a 2025 session: the raising
 * instance appends it, from the session store's index of all sessions, to the GET stream of every
 * stored session served that list, once per broadcast; the client resuming anywhere gets it.
 */
describe('list changes for sessions no live instance holds (three apps, real redis-server)', function () {
  this.timeout(40_000);
  let redis: RedisServer;
  const instances: ScaleInstance[] = [];
  const readers: SseReader[] = [];

  beforeEach(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) await reader.cancel().catch(() => undefined);
    for (const instance of instances.splice(0)) await instance.close();
    await redis?.stop();
  });

  async function start(name: string): Promise<ScaleInstance> {
    const instance = await startScaleInstance(name, redis.url);
    instances.push(instance);
    return instance;
  }

  it('A opens the session and stops; B raises list changes; C resumes the GET stream and gets each served list’s change once', async () => {
    const [a, b, c] = [await start('opener'), await start('raiser'), await start('resumer')];
    const watched = await openWatched(a);
    readers.push(watched.get);
    // A stops (gracefully): no instance holds the session now, its state stays in Redis.
    await a.close();
    const notifier = b.app.get(McpNotifier);
    notifier.listChanged('tools');
    // The app serves no prompts: the session was never told it could hear of them.
    notifier.listChanged('prompts');
    notifier.listChanged('resources');

    const resumed = new SseReader(await resume(c, watched.sessionId, watched.lastEventId), {});
    readers.push(resumed);
    expect(resumed.status).to.equal(200);
    await resumed.untilCount((e) => e.data !== '', 2);
    // C now holds the stream: a later change arrives live, after the stored ones.
    notifier.listChanged('tools');
    await resumed.untilCount((e) => e.data !== '', 3);
    const methods = resumed.events.filter((e) => e.data !== '').map((e) => methodOf(e.data));
    expect(methods).to.deep.equal([
      'notifications/tools/list_changed',
      'notifications/resources/list_changed',
      'notifications/tools/list_changed',
    ]);
    for (const message of resumed.messages) expect(checkServerMessage(message, A_2025_REQUEST)).to.deep.equal([]);
    expect([...b.errors, ...c.errors]).to.deep.equal([]);
  });

  it('a session a live copy holds gets each broadcast once, though the raiser’s index names it too', async () => {
    const [holder, raiser] = [await start('holder'), await start('raiser')];
    const watched = await openWatched(holder);
    readers.push(watched.get);
    const notifier = raiser.app.get(McpNotifier);
    for (let i = 0; i < 10; i++) notifier.listChanged('tools');
    await watched.get.untilCount((e) => e.data !== '', 10);
    // A marker raised on the holder itself: everything before it has arrived by then.
    holder.app.get(McpNotifier).listChanged('resources');
    await watched.get.until((e) => e.data !== '' && methodOf(e.data) === 'notifications/resources/list_changed');
    const methods = watched.get.events.filter((e) => e.data !== '').map((e) => methodOf(e.data));
    expect(methods.filter((m) => m === 'notifications/tools/list_changed')).to.have.length(10);
    expect(methods).to.have.length(11);
    const ids = watched.get.events.filter((e) => e.data !== '').map((e) => e.id);
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('a session deleted by its client leaves the index of all sessions', async () => {
    const [a, b] = [await start('opener'), await start('raiser')];
    const watched = await openWatched(a);
    readers.push(watched.get);
    const members = (): Promise<number> =>
      b.scale.connection.run('test', (client) => client.zCard(`${b.scale.connection.prefix}sessions:tools`));
    expect(await members()).to.equal(1);
    const deleted = await fetch(a.http.url, { method: 'DELETE', headers: sessionHeaders(watched.sessionId) });
    expect(deleted.status).to.equal(200);
    expect(await members()).to.equal(0);
  });

  it('a session stored before the index of all sessions (no lists) joins it when an instance loads it; a change raised while it is unheld then reaches it', async () => {
    const [a, b, c] = [await start('opener'), await start('loader'), await start('raiser')];
    const watched = await openWatched(a);
    readers.push(watched.get);
    const prefix = a.scale.connection.prefix;
    // Make it what an older version stored: its state without `lists`, and in no index of all sessions.
    await a.scale.connection.run('test', async (client) => {
      const [key] = await client.keys(`${prefix}session:*`);
      const state = JSON.parse((await client.hGet(key!, 'state'))!) as Record<string, unknown>;
      delete state.lists;
      await client.hSet(key!, 'state', JSON.stringify(state));
      for (const list of ['tools', 'resources', 'prompts']) await client.del(`${prefix}sessions:${list}`);
    });
    await a.close();
    const members = (): Promise<number> => c.scale.connection.run('test', (client) => client.zCard(`${prefix}sessions:resources`));
    // Unheld and unindexed: this change cannot reach it. Raised by a call of another session, whose
    // answer waits until the raiser's fan-out is done (so it cannot see the index filled in below).
    const other = await openSession2025(c.http.url);
    expect((await request2025(c.http.url, other, 'tools/call', { name: 'tools_changed', arguments: {} })).result).to.have.property(
      'content',
    );
    // Only the other session is indexed so far.
    expect(await members()).to.equal(1);
    // B loads it (any request does), which fills in its lists and indexes it; then B stops too.
    const ping = await fetch(b.http.url, {
      method: 'POST',
      headers: sessionHeaders(watched.sessionId, { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }),
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(ping.status).to.equal(200);
    await ping.text();
    const deadline = Date.now() + 5_000;
    while ((await members()) !== 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await members()).to.equal(2);
    await b.close();
    c.app.get(McpNotifier).listChanged('resources');

    const resumed = new SseReader(await resume(c, watched.sessionId, watched.lastEventId), {});
    readers.push(resumed);
    expect(resumed.status).to.equal(200);
    await resumed.until((e) => e.data !== '');
    c.app.get(McpNotifier).listChanged('tools');
    await resumed.untilCount((e) => e.data !== '', 2);
    expect(resumed.events.filter((e) => e.data !== '').map((e) => methodOf(e.data))).to.deep.equal([
      'notifications/resources/list_changed',
      'notifications/tools/list_changed',
    ]);
    for (const message of resumed.messages) expect(checkServerMessage(message, A_2025_REQUEST)).to.deep.equal([]);
    expect(c.errors).to.deep.equal([]);
  });
});
