import { expect } from 'chai';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { PEERS } from './support/peers';
import { openSession, post, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';
import { SseReader } from './support/sse-reader';

function gatedCall(id: number, key: string) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'gated', arguments: { key }, _meta: { progressToken: key } } };
}

function resume(url: string, sessionId: string, lastEventId: string): Promise<Response> {
  return fetch(url, { headers: { ...sessionHeaders(sessionId), accept: 'text/event-stream', 'last-event-id': lastEventId } });
}

function describeMessage(message: Record<string, unknown>): string {
  if ('id' in message && !('method' in message)) return `response:${String(message.id)}`;
  const params = message.params as { progress?: number } | undefined;
  return params?.progress !== undefined ? `progress:${params.progress}` : String(message.method);
}

for (const peer of PEERS) {
  describe(`Resumability (Last-Event-ID) (${peer.name})`, () => {
    const opened = new Opened();
    afterEach(() => opened.closeAll());

    it('replays what a dropped POST stream missed, once, then ends', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const sessionId = await openSession(handle.url);
      const first = new SseReader(await post(handle.url, gatedCall(1, 'drop'), sessionHeaders(sessionId)));
      const priming = await first.next();
      expect(priming?.data).to.equal('');
      const progress1 = await first.nextMessage();
      expect(describeMessage(progress1?.message ?? {})).to.equal('progress:1');
      await first.cancel();
      app.release('drop');
      const resumed = await resume(handle.url, sessionId, progress1?.id as string);
      expect(resumed.status).to.equal(200);
      const rest = (await new SseReader(resumed).rest()).filter((e) => e.data !== '');
      expect(rest.map((e) => describeMessage(JSON.parse(e.data)))).to.deep.equal(['progress:2', 'response:1']);
      expect(rest.every((e) => e.id !== progress1?.id)).to.equal(true);
    });

    it('replays everything after a priming id, and continues live when the call is still running', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const sessionId = await openSession(handle.url);
      const first = new SseReader(await post(handle.url, gatedCall(1, 'live'), sessionHeaders(sessionId)));
      const priming = await first.next();
      await first.nextMessage();
      await first.cancel();
      await app.started('live');
      const resumed = new SseReader(await resume(handle.url, sessionId, priming?.id as string));
      expect(describeMessage((await resumed.nextMessage())?.message ?? {})).to.equal('progress:1');
      app.release('live');
      const rest = (await resumed.rest()).filter((e) => e.data !== '').map((e) => describeMessage(JSON.parse(e.data)));
      expect(rest).to.deep.equal(['progress:2', 'response:1']);
    });

    it('resumes the GET stream without losing or repeating notifications', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const sessionId = await openSession(handle.url);
      const first = new SseReader(await fetch(handle.url, { headers: { ...sessionHeaders(sessionId), accept: 'text/event-stream' } }));
      await app.notifyToolsChanged();
      const seen = await first.nextMessage();
      expect(seen?.message.method).to.equal('notifications/tools/list_changed');
      await first.cancel();
      // Wait until the server has noticed the drop, so the next notifications go to the store only.
      const deadline = Date.now() + 3000;
      for (;;) {
        const probe = await fetch(handle.url, { headers: { ...sessionHeaders(sessionId), accept: 'text/event-stream' } });
        if (probe.status === 409) {
          await probe.text();
          if (Date.now() > deadline) throw new Error('server kept the dropped GET stream');
          await new Promise((resolve) => setTimeout(resolve, 10));
          continue;
        }
        await probe.body?.cancel();
        break;
      }
      await app.notifyToolsChanged();
      await app.notifyToolsChanged();
      const resumed = new SseReader(await resume(handle.url, sessionId, seen?.id as string));
      const a = await resumed.nextMessage();
      const b = await resumed.nextMessage();
      expect([a?.message.method, b?.message.method]).to.deep.equal([
        'notifications/tools/list_changed',
        'notifications/tools/list_changed',
      ]);
      expect(new Set([seen?.id, a?.id, b?.id]).size).to.equal(3);
      await resumed.cancel();
    });

    it("never replays another session's events: a foreign Last-Event-ID is 404, like an unknown one", async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const victim = await openSession(handle.url);
      const attacker = await openSession(handle.url);
      const stream = new SseReader(
        await post(
          handle.url,
          {
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'progress', arguments: { steps: 2 }, _meta: { progressToken: 1 } },
          },
          sessionHeaders(victim),
        ),
      );
      const priming = await stream.next();
      await stream.rest();
      const res = await resume(handle.url, attacker, priming?.id as string);
      expect(res.status).to.equal(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).to.match(/Last-Event-ID/);
      // The victim itself still resumes with it.
      const own = await resume(handle.url, victim, priming?.id as string);
      expect(own.status).to.equal(200);
      await own.body?.cancel();
    });

    it('answers a well-formed but unknown Last-Event-ID with 404, not a fresh empty stream', async () => {
      const handle = await opened.listen(peer.create());
      const sessionId = await openSession(handle.url);
      for (const unknown of ['no-such-event_7', 'aaaaaaaaaaaa.0_999999']) {
        const res = await resume(handle.url, sessionId, unknown);
        expect(res.status, unknown).to.equal(404);
        expect(res.headers.get('content-type')).to.equal('application/json');
        await res.text();
      }
      // Without the header the client gets its fresh stream.
      const fresh = await fetch(handle.url, { headers: { ...sessionHeaders(sessionId), accept: 'text/event-stream' } });
      expect(fresh.status).to.equal(200);
      expect(fresh.headers.get('content-type')).to.equal('text/event-stream');
      await fresh.body?.cancel();
    });

    it('answers a malformed Last-Event-ID with 400', async () => {
      const handle = await opened.listen(peer.create());
      const sessionId = await openSession(handle.url);
      for (const malformed of ['no-sequence', 'stream_x1', 'a b_1', 'x'.repeat(300) + '_1', 'stream_1234567890123456']) {
        const res = await resume(handle.url, sessionId, malformed);
        expect(res.status, malformed).to.equal(400);
        expect(((await res.json()) as { error: { code: number; message: string } }).error).to.deep.equal({
          code: -32600,
          message: 'Bad Request: malformed Last-Event-ID',
        });
      }
    });

    it('ignores Last-Event-ID when resumability is off (no ids were ever issued)', async () => {
      const handle = await opened.listen(peer.create(), { eventStore: false });
      const sessionId = await openSession(handle.url);
      const res = await resume(handle.url, sessionId, 'anything_1');
      expect(res.status).to.equal(200);
      await res.body?.cancel();
    });

    it('lets the official SDK client recover a dropped stream with nothing lost or duplicated', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      let dropped = false;
      // A fetch that cuts the first SSE response after its first progress event, like a network failure.
      const flakyFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
        const res = await fetch(input, init);
        if (dropped || init?.method !== 'POST' || res.headers.get('content-type') !== 'text/event-stream' || res.body === null) return res;
        dropped = true;
        const reader = res.body.getReader();
        let text = '';
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const chunk = await reader.read();
            if (chunk.done) return controller.close();
            controller.enqueue(chunk.value);
            text += new TextDecoder().decode(chunk.value);
            if (text.includes('"progress":1')) {
              await reader.cancel();
              controller.error(new Error('connection reset'));
            }
          },
        });
        return new Response(body, { status: res.status, headers: res.headers });
      };
      const { client } = await opened.client(handle.url, {
        transport: {
          fetch: flakyFetch,
          reconnectionOptions: { initialReconnectionDelay: 10, maxReconnectionDelay: 50, reconnectionDelayGrowFactor: 1, maxRetries: 5 },
        },
      });
      const progress: number[] = [];
      const call = client.callTool({ name: 'gated', arguments: { key: 'sdk' } }, CallToolResultSchema, {
        onprogress: (p) => progress.push(p.progress),
      });
      await app.started('sdk');
      app.release('sdk');
      const result = await call;
      expect(dropped).to.equal(true);
      expect(result.content).to.deep.equal([{ type: 'text', text: 'gated:sdk' }]);
      expect(progress).to.deep.equal([1, 2]);
    });

    it('supports SSE polling: the server closes with retry and the SDK client reconnects for the answer', async () => {
      const app = peer.create();
      const handle = await opened.listen(app, { sse: { retryMs: 10, closeAfterMs: 30 } });
      const { client } = await opened.client(handle.url);
      const progress: number[] = [];
      const call = client.callTool({ name: 'gated', arguments: { key: 'poll' } }, CallToolResultSchema, {
        onprogress: (p) => progress.push(p.progress),
      });
      await app.started('poll');
      // Let at least one polling close happen before the answer exists.
      await new Promise((resolve) => setTimeout(resolve, 80));
      app.release('poll');
      const result = await call;
      expect(result.content).to.deep.equal([{ type: 'text', text: 'gated:poll' }]);
      expect(progress).to.deep.equal([1, 2]);
    });

    it('sends retry with the priming event when configured', async () => {
      const handle = await opened.listen(peer.create(), { sse: { retryMs: 1234 } });
      const sessionId = await openSession(handle.url);
      const reader = new SseReader(await fetch(handle.url, { headers: { ...sessionHeaders(sessionId), accept: 'text/event-stream' } }));
      const priming = await reader.next();
      expect(priming?.retry).to.equal(1234);
      expect(priming?.data).to.equal('');
      await reader.cancel();
    });

    it('can be turned off: no event ids, no priming', async () => {
      const handle = await opened.listen(peer.create(), { eventStore: false });
      const sessionId = await openSession(handle.url);
      const res = await post(
        handle.url,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'progress', arguments: { steps: 1 }, _meta: { progressToken: 1 } } },
        sessionHeaders(sessionId),
      );
      const events = await new SseReader(res).rest();
      expect(events.map((e) => e.id)).to.deep.equal([undefined, undefined]);
    });
  });
}
