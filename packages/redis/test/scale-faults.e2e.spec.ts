import { expect } from 'chai';
import { checkServerMessage } from '@armature/testing';
import { sessionHeaders, SseReader } from './support/http-peers';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { startChildInstance } from './support/child-instance';
import { startScaleInstance } from './support/scale-app';
import { recordUnhandledRejections } from './support/unhandled-rejections';

const INIT = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
};

/** Opens a 2025 session on `url` with raw requests; returns its id. */
async function openSession(url: string): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(INIT),
  });
  expect(res.status).to.equal(200);
  const sessionId = res.headers.get('mcp-session-id')!;
  await res.text();
  const initialized = await fetch(url, {
    method: 'POST',
    headers: sessionHeaders(sessionId),
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  expect(initialized.status).to.equal(202);
  return sessionId;
}

let nextId = 1;

/** One 2025 request in `sessionId` on `url`: HTTP status and the JSON-RPC answer. */
async function call(
  url: string,
  sessionId: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{
  status: number;
  body: { result?: Record<string, unknown>; error?: { code: number; message: string } } | undefined;
  text: string;
}> {
  const request = { jsonrpc: '2.0', id: nextId++, method, params };
  const res = await fetch(url, { method: 'POST', headers: sessionHeaders(sessionId), body: JSON.stringify(request) });
  const text = await res.text();
  const json =
    res.headers.get('content-type')?.includes('application/json') === true
      ? (JSON.parse(text) as { result?: Record<string, unknown>; error?: { code: number; message: string } })
      : undefined;
  // Every answer the server sends is schema-valid for its request.
  if (json !== undefined) expect(checkServerMessage(json, request), text).to.deep.equal([]);
  return { status: res.status, body: json, text };
}

function updatedUri(data: string): string | undefined {
  const message = JSON.parse(data) as { method?: string; params?: { uri?: string } };
  return message.method === 'notifications/resources/updated' ? message.params?.uri : undefined;
}

describe('2025 sessions across instances on Redis: faults (real redis-server)', function () {
  this.timeout(40_000);
  let redis: RedisServer;
  const unhandled = recordUnhandledRejections();

  before(async () => {
    redis = await startRedisServer();
  });
  after(async () => {
    await redis?.stop();
  });

  it('the instance holding the GET stream crashes: the client resumes on another with Last-Event-ID and gets every retained event after it, none twice', async () => {
    const doomed = await startScaleInstance('doomed', redis.url);
    const b = await startScaleInstance('survivor-b', redis.url);
    const c = await startScaleInstance('survivor-c', redis.url);
    const readers: SseReader[] = [];
    try {
      const sessionId = await openSession(doomed.http.url);
      for (const uri of ['notes://a', 'notes://b', 'notes://c', 'notes://d'])
        expect((await call(doomed.http.url, sessionId, 'resources/subscribe', { uri })).body!.result).to.deep.equal({});
      const get = new SseReader(await fetch(doomed.http.url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream' }) }), {});
      readers.push(get);
      await get.until((e) => e.id !== undefined && e.data === ''); // the priming event: the stream is open
      for (const uri of ['notes://a', 'notes://b', 'notes://c']) b.app.resources.notifyUpdated(uri);
      await get.until((e) => e.data !== '' && updatedUri(e.data) === 'notes://c');
      const first = get.events.find((e) => e.data !== '' && updatedUri(e.data) === 'notes://a')!;
      const later = get.events.filter((e) => e.data !== '' && updatedUri(e.data) !== 'notes://a');

      await doomed.crash();

      // The client read up to notes://a and resumes on B.
      const resumed = new SseReader(
        await fetch(b.http.url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream', 'last-event-id': first.id! }) }),
        {},
      );
      readers.push(resumed);
      expect(resumed.status).to.equal(200);
      await resumed.until((e) => e.data !== '' && updatedUri(e.data) === 'notes://c');
      // B now writes the stream: an update raised on C arrives on it too.
      c.app.resources.notifyUpdated('notes://d');
      await resumed.until((e) => e.data !== '' && updatedUri(e.data) === 'notes://d');
      const delivered = resumed.events.filter((e) => e.data !== '');
      expect(delivered.map((e) => updatedUri(e.data))).to.deep.equal(['notes://b', 'notes://c', 'notes://d']);
      // Replayed events keep the ids the crashed instance sent them with.
      expect(delivered.slice(0, 2).map((e) => e.id)).to.deep.equal(later.map((e) => e.id));
      expect([...get.violations, ...resumed.violations]).to.deep.equal([]);
      // The session itself lives on: B serves it.
      expect((await call(b.http.url, sessionId, 'ping')).body!.result).to.deep.equal({});
    } finally {
      for (const reader of readers) await reader.cancel();
      for (const instance of [doomed, b, c]) await instance.close();
    }
  });

  it('kill -9 of the child process holding the GET stream: the client resumes on another instance with Last-Event-ID, every retained event after it, none twice', async () => {
    const child = await startChildInstance('killed', redis.url);
    const b = await startScaleInstance('after-kill', redis.url);
    const readers: SseReader[] = [];
    try {
      const sessionId = await openSession(child.url);
      for (const uri of ['notes://k1', 'notes://k2', 'notes://k3'])
        expect((await call(child.url, sessionId, 'resources/subscribe', { uri })).body!.result).to.deep.equal({});
      const get = new SseReader(await fetch(child.url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream' }) }), {});
      readers.push(get);
      await get.until((e) => e.id !== undefined && e.data === '');
      // Raised on B, written by the child to the stream (and to Redis first).
      for (const uri of ['notes://k1', 'notes://k2', 'notes://k3']) b.app.resources.notifyUpdated(uri);
      await get.until((e) => e.data !== '' && updatedUri(e.data) === 'notes://k3');
      const seen = get.events.filter((e) => e.data !== '');
      expect(seen.map((e) => updatedUri(e.data))).to.deep.equal(['notes://k1', 'notes://k2', 'notes://k3']);

      await child.kill9();

      const resumed = new SseReader(
        await fetch(b.http.url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream', 'last-event-id': seen[0]!.id! }) }),
        {},
      );
      readers.push(resumed);
      expect(resumed.status).to.equal(200);
      await resumed.until((e) => e.data !== '' && updatedUri(e.data) === 'notes://k3');
      b.app.resources.notifyUpdated('notes://k1');
      const after = await resumed.until((e) => e.data !== '' && updatedUri(e.data) === 'notes://k1');
      const delivered = resumed.events.filter((e) => e.data !== '');
      expect(delivered.map((e) => updatedUri(e.data))).to.deep.equal(['notes://k2', 'notes://k3', 'notes://k1']);
      expect(delivered.slice(0, 2).map((e) => e.id)).to.deep.equal(seen.slice(1).map((e) => e.id));
      expect(after.id).to.not.equal(seen[0]!.id);
      expect([...get.violations, ...resumed.violations]).to.deep.equal([]);
    } finally {
      for (const reader of readers) await reader.cancel();
      await child.stop();
      await b.close();
    }
  });

  it('an instance shut down gracefully leaves its sessions to the others: served on B, its GET stream resumable there', async () => {
    const leaving = await startScaleInstance('leaving', redis.url);
    const b = await startScaleInstance('staying', redis.url);
    const readers: SseReader[] = [];
    try {
      const sessionId = await openSession(leaving.http.url);
      for (const uri of ['notes://g1', 'notes://g2']) await call(leaving.http.url, sessionId, 'resources/subscribe', { uri });
      const get = new SseReader(await fetch(leaving.http.url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream' }) }), {});
      readers.push(get);
      await get.until((e) => e.id !== undefined && e.data === '');
      b.app.resources.notifyUpdated('notes://g1');
      b.app.resources.notifyUpdated('notes://g2');
      await get.until((e) => e.data !== '' && updatedUri(e.data) === 'notes://g2');
      const first = get.events.find((e) => e.data !== '')!;

      await leaving.close();

      expect((await call(b.http.url, sessionId, 'ping')).body!.result).to.deep.equal({});
      const resumed = new SseReader(
        await fetch(b.http.url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream', 'last-event-id': first.id! }) }),
        {},
      );
      readers.push(resumed);
      const replayed = await resumed.until((e) => e.data !== '');
      expect(updatedUri(replayed.data)).to.equal('notes://g2');
      expect(resumed.status).to.equal(200);
    } finally {
      for (const reader of readers) await reader.cancel();
      await leaving.close();
      await b.close();
    }
  });

  it('a GET stream resumed on B while A still lives has one writer: A lets go, each later event is stored and sent once', async () => {
    const a = await startScaleInstance('first-holder', redis.url);
    const b = await startScaleInstance('second-holder', redis.url);
    const readers: SseReader[] = [];
    try {
      const sessionId = await openSession(a.http.url);
      for (const uri of ['notes://w1', 'notes://w2']) await call(a.http.url, sessionId, 'resources/subscribe', { uri });
      const onA = new SseReader(await fetch(a.http.url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream' }) }), {});
      readers.push(onA);
      const primed = await onA.until((e) => e.id !== undefined && e.data === '');
      const onB = new SseReader(
        await fetch(b.http.url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream', 'last-event-id': primed.id! }) }),
        {},
      );
      readers.push(onB);
      expect(onB.status).to.equal(200);
      // A hears B's claim and ends its connection (until() gives up as soon as the stream ends).
      await onA.until(() => false, 5_000).catch(() => undefined);
      expect(onA.ended, 'A still holds its GET connection').to.equal(true);
      expect(onA.events.filter((e) => e.data !== '')).to.deep.equal([]);
      a.app.resources.notifyUpdated('notes://w1');
      b.app.resources.notifyUpdated('notes://w2');
      await onB.until((e) => e.data !== '' && updatedUri(e.data) === 'notes://w2');
      await onB.until((e) => e.data !== '' && updatedUri(e.data) === 'notes://w1');
      const sent = onB.events.filter((e) => e.data !== '');
      expect(sent.map((e) => updatedUri(e.data)).sort()).to.deep.equal(['notes://w1', 'notes://w2']);
      // Stored once each: a resume after the priming id replays exactly these two.
      const replay = new SseReader(
        await fetch(b.http.url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream', 'last-event-id': primed.id! }) }),
        {},
      );
      readers.push(replay);
      await replay.until((e) => e.data !== '' && e.id === sent[1]!.id);
      expect(replay.events.filter((e) => e.data !== '').map((e) => e.id)).to.deep.equal(sent.map((e) => e.id));
    } finally {
      for (const reader of readers) await reader.cancel();
      await a.close();
      await b.close();
    }
  });

  it('concurrent first requests for a session held elsewhere share one restored copy', async () => {
    const a = await startScaleInstance('origin', redis.url);
    const b = await startScaleInstance('busy', redis.url);
    try {
      const sessionId = await openSession(a.http.url);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => call(b.http.url, sessionId, 'tools/call', { name: 'whoami', arguments: {} })),
      );
      for (const answer of answers) expect(answer.body!.result!.content).to.deep.equal([{ type: 'text', text: 'busy' }]);
      expect(b.app.sessionCount).to.equal(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("a session served from stored state stays its principal's: another principal holding its id gets 404 and builds no copy", async () => {
    const principals: Record<string, { token: string; clientId: string; scopes: string[] }> = {
      ada: { token: 'ada', clientId: 'ada-client', scopes: [] },
      eve: { token: 'eve', clientId: 'eve-client', scopes: [] },
    };
    const verifyToken = (token: string) => principals[token];
    const a = await startScaleInstance('auth-a', redis.url, { verifyToken });
    const b = await startScaleInstance('auth-b', redis.url, { verifyToken });
    try {
      const res = await fetch(a.http.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer ada' },
        body: JSON.stringify(INIT),
      });
      const sessionId = res.headers.get('mcp-session-id')!;
      await res.text();
      const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
      const asEve = await fetch(b.http.url, {
        method: 'POST',
        headers: sessionHeaders(sessionId, { authorization: 'Bearer eve' }),
        body: ping,
      });
      expect(asEve.status).to.equal(404);
      expect(await asEve.text()).to.include('unknown or ended session');
      expect(b.app.sessionCount).to.equal(0);
      const asAda = await fetch(b.http.url, {
        method: 'POST',
        headers: sessionHeaders(sessionId, { authorization: 'Bearer ada' }),
        body: ping,
      });
      expect(asAda.status).to.equal(200);
      expect(b.app.sessionCount).to.equal(1);
      // An id of the wrong shape is refused without a copy either.
      const malformed = await fetch(b.http.url, {
        method: 'POST',
        headers: sessionHeaders('x'.repeat(4000), { authorization: 'Bearer ada' }),
        body: ping,
      });
      expect(malformed.status).to.equal(404);
      expect(await malformed.text()).to.not.include('xxxx');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('Redis down: clear, bounded errors (503 for a session held elsewhere, -32603 for a new one), sessions held here keep serving, and all recovers', async () => {
    const here = await startScaleInstance('here', redis.url, { commandTimeoutMs: 500 });
    const there = await startScaleInstance('there', redis.url, { commandTimeoutMs: 500 });
    try {
      const sessionId = await openSession(here.http.url);
      await redis.down();

      const elsewhere = await call(there.http.url, sessionId, 'ping');
      expect(elsewhere.status).to.equal(503);
      expect(elsewhere.text).to.match(/session store is unavailable right now/);
      const fresh = await fetch(here.http.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(INIT),
      });
      const refused = (await fresh.json()) as { error?: { code: number; message: string } };
      expect(refused.error?.code).to.equal(-32603);
      expect(refused.error!.message).to.match(/session store is unavailable right now; try again in a few seconds/);
      // The session this instance holds needs no Redis to be served.
      const held = await call(here.http.url, sessionId, 'tools/call', { name: 'whoami', arguments: {} });
      expect(held.body!.result!.content).to.deep.equal([{ type: 'text', text: 'here' }]);

      await redis.up();
      const recovered = async (): Promise<boolean> => (await call(there.http.url, sessionId, 'ping')).status === 200;
      const deadline = Date.now() + 10_000;
      let ok = await recovered();
      while (!ok && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        ok = await recovered();
      }
      expect(ok, 'the session was not served by the other instance after Redis came back').to.equal(true);
      expect(unhandled).to.deep.equal([]);
    } finally {
      await here.close();
      await there.close();
    }
  });
});
