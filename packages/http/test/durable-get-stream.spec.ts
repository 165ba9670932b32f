import { expect } from 'chai';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { checkServerMessage } from '@armature/testing';
import { InMemoryEventStore } from '../src/events/in-memory-event-store';
import { PEERS } from './support/peers';
import { openSession, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';
import { SseReader } from './support/sse-reader';

/** Any 2025 request: what GET-stream messages are checked against (the 2025-11-25 schema). */
const A_2025_REQUEST = { jsonrpc: '2.0', id: 0, method: 'ping' };

async function until(what: string, check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The sequence number of an in-memory event id (`<stream>_<n>`). */
function sequence(id: string | undefined): number {
  return Number(id?.slice(id.lastIndexOf('_') + 1));
}

function getStream(url: string, sessionId: string, lastEventId?: string): Promise<Response> {
  const headers: Record<string, string> = { ...sessionHeaders(sessionId), accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  return fetch(url, { headers });
}

/** A fresh GET stream, once the server has noticed the previous one dropped (until then a GET is 409). */
async function freshStream(url: string, sessionId: string): Promise<Response> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const probe = await getStream(url, sessionId);
    if (probe.status !== 409) return probe;
    await probe.text();
    if (Date.now() > deadline) throw new Error('server kept the dropped GET stream');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

for (const peer of PEERS) {
  describe(`The GET stream is kept in the event store while nobody listens (${peer.name})`, () => {
    const opened = new Opened();
    afterEach(() => opened.closeAll());

    it('the SDK v1 client whose GET stream was cut resumes with Last-Event-ID and gets what was raised meanwhile, each once, in order', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      let gets = 0;
      let cut: (() => void) | undefined;
      let hold: Promise<void> | undefined;
      let release: (() => void) | undefined;
      const lastEventIds: (string | null)[] = [];
      const messages: { id: string | undefined; data: string }[] = [];
      // Cuts the first GET stream on demand, holds the reconnection until released, and records what GETs carry.
      const cuttingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
        if ((init?.method ?? 'GET') !== 'GET') return fetch(input, init);
        if (hold !== undefined) await hold;
        lastEventIds.push(new Headers(init?.headers).get('last-event-id'));
        const res = await fetch(input, init);
        if (res.body === null || ++gets > 1) return record(res);
        const reader = res.body.getReader();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            cut = () => {
              void reader.cancel();
              controller.error(new Error('connection reset'));
            };
          },
          async pull(controller) {
            const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
            if (chunk.done) return;
            controller.enqueue(chunk.value);
          },
        });
        return record(new Response(body, { status: res.status, headers: res.headers }));
      };
      function record(res: Response): Response {
        if (res.body === null) return res;
        const [mine, theirs] = res.body.tee();
        void (async () => {
          const reader = new SseReader(new Response(mine, { headers: res.headers }));
          for (let i = 0; i < 100; i++) {
            const e = await reader.next().catch(() => undefined);
            if (e === undefined) return;
            if (e.data !== '') messages.push({ id: e.id, data: e.data });
          }
        })();
        return new Response(theirs, { status: res.status, headers: res.headers });
      }
      const changes: number[] = [];
      const { client } = await opened.client(handle.url, {
        transport: {
          fetch: cuttingFetch,
          reconnectionOptions: { initialReconnectionDelay: 10, maxReconnectionDelay: 50, reconnectionDelayGrowFactor: 1, maxRetries: 50 },
        },
      });
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes.push(changes.length + 1));
      await until('the GET stream', () => cut !== undefined);
      await app.notifyToolsChanged();
      await until('the first list_changed', () => changes.length === 1);

      hold = new Promise((resolve) => (release = resolve));
      cut!();
      await until('the reconnection attempt', () => lastEventIds.length === 1);
      // Nobody listens now: these go to the event store only.
      await app.notifyToolsChanged();
      await app.notifyToolsChanged();
      await app.notifyToolsChanged();
      expect(changes).to.deep.equal([1]);
      hold = undefined;
      release!();
      await until('the replay', () => changes.length === 4);
      await app.notifyToolsChanged();
      await until('a live one after the replay', () => changes.length === 5);
      expect(changes).to.deep.equal([1, 2, 3, 4, 5]);
      await client.close();
      await until('the recorded events', () => messages.length === 5);
      // The reconnection named the one event the client had; ids are never repeated.
      expect(lastEventIds[1]).to.equal(messages[0]!.id);
      expect(new Set(messages.map((m) => m.id)).size).to.equal(5);
      for (const m of messages) expect(checkServerMessage(JSON.parse(m.data), A_2025_REQUEST)).to.deep.equal([]);
    });

    it('a fresh GET (no Last-Event-ID) starts at the current end; what was raised while nobody listened stays resumable with the old id', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const sessionId = await openSession(handle.url);
      const first = new SseReader(await getStream(handle.url, sessionId));
      await app.notifyToolsChanged();
      const seen = (await first.nextMessage())!;
      await first.cancel();
      // Raised while the client is away: kept in the store.
      await app.notifyToolsChanged();
      await app.notifyToolsChanged();

      const fresh = new SseReader(await freshStream(handle.url, sessionId));
      const priming = (await fresh.next())!;
      expect(priming.data).to.equal('');
      expect(sequence(priming.id)).to.equal(sequence(seen.id) + 2);
      await app.notifyToolsChanged();
      const live = (await fresh.nextMessage())!;
      expect(live.message.method).to.equal('notifications/tools/list_changed');
      expect(sequence(live.id)).to.equal(sequence(seen.id) + 3);
      await fresh.cancel();

      // The old position still names the stream: the two raised while away, then the one the fresh GET had.
      const response = await getStream(handle.url, sessionId, seen.id);
      expect(response.status).to.equal(200);
      const resumed = new SseReader(response);
      const replayed = [await resumed.nextMessage(), await resumed.nextMessage(), await resumed.nextMessage()];
      expect(replayed.map((e) => e?.message.method)).to.deep.equal(Array(3).fill('notifications/tools/list_changed'));
      expect(replayed.map((e) => sequence(e?.id))).to.deep.equal([1, 2, 3].map((n) => sequence(seen.id) + n));
      expect(replayed[2]?.id).to.equal(live.id);
      await resumed.cancel();
    });

    it('past the stream length the oldest events are dropped, and a Last-Event-ID among them is answered 404 saying so', async () => {
      const app = peer.create();
      const handle = await opened.listen(app, { eventStore: new InMemoryEventStore({ maxEventsPerStream: 3 }) });
      const sessionId = await openSession(handle.url);
      const first = new SseReader(await getStream(handle.url, sessionId));
      await app.notifyToolsChanged();
      const seen = await first.nextMessage();
      await first.cancel();
      for (let i = 0; i < 4; i++) await app.notifyToolsChanged();
      const res = await getStream(handle.url, sessionId, seen?.id);
      expect(res.status).to.equal(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).to.match(/no longer retained/);
    });
  });
}
