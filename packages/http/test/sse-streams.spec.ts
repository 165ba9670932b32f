import { expect } from 'chai';
import { CallToolResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { PEERS } from './support/peers';
import { openSession, post, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';
import { SseReader } from './support/sse-reader';

for (const peer of PEERS) {
  describe(`SSE streams (${peer.name})`, () => {
    const opened = new Opened();
    afterEach(() => opened.closeAll());

    it('answers a call that sends nothing else with plain JSON', async () => {
      const handle = await opened.listen(peer.create());
      const id = await openSession(handle.url);
      const res = await post(
        handle.url,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'a' } } },
        sessionHeaders(id),
      );
      expect(res.headers.get('content-type')).to.equal('application/json');
      expect(res.headers.get('mcp-session-id')).to.equal(id);
      expect(((await res.json()) as { id: number }).id).to.equal(1);
    });

    it('upgrades to SSE when progress is sent: priming event, progress in order, then the response', async () => {
      const handle = await opened.listen(peer.create());
      const id = await openSession(handle.url);
      const res = await post(
        handle.url,
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'progress', arguments: { steps: 3 }, _meta: { progressToken: 'p' } },
        },
        sessionHeaders(id),
      );
      expect(res.headers.get('content-type')).to.equal('text/event-stream');
      const events = await new SseReader(res).rest();
      expect(events[0].data).to.equal('');
      expect(events[0].id).to.be.a('string');
      const messages = events.filter((e) => e.data !== '').map((e) => JSON.parse(e.data) as Record<string, unknown>);
      // An SDK server sends every value; Armature paces progress (the first at once, the latest just before the answer).
      const values = messages.map((m) => (m.params as { progress?: number } | undefined)?.progress ?? 'response');
      expect(values[0]).to.equal(1);
      expect(values.slice(-2)).to.deep.equal([3, 'response']);
      expect(values.slice(0, -1)).to.deep.equal([...new Set(values.slice(0, -1))].sort());
      expect(messages[messages.length - 1].id).to.equal(2);
      const ids = events.map((e) => e.id);
      expect(new Set(ids).size).to.equal(ids.length);
    });

    it('sends no priming event to clients older than 2025-11-25', async () => {
      const handle = await opened.listen(peer.create());
      const id = await openSession(handle.url, '2025-06-18');
      const res = await post(
        handle.url,
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'progress', arguments: { steps: 1 }, _meta: { progressToken: 'p' } },
        },
        sessionHeaders(id, '2025-06-18'),
      );
      const events = await new SseReader(res).rest();
      expect(events.every((e) => e.data !== '')).to.equal(true);
      expect(events).to.have.length(2);
    });

    it('upgrades to SSE for a log message sent during the call', async () => {
      const handle = await opened.listen(peer.create());
      const id = await openSession(handle.url);
      const res = await post(
        handle.url,
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'log', arguments: {} } },
        sessionHeaders(id),
      );
      expect(res.headers.get('content-type')).to.equal('text/event-stream');
      const reader = new SseReader(res);
      expect((await reader.nextMessage())?.message.method).to.equal('notifications/message');
      expect((await reader.nextMessage())?.message.id).to.equal(3);
      expect(await reader.nextMessage()).to.equal(undefined);
    });

    it('delivers progress to the official SDK client', async () => {
      const handle = await opened.listen(peer.create());
      const { client } = await opened.client(handle.url);
      const seen: number[] = [];
      const result = await client.callTool({ name: 'progress', arguments: { steps: 4 } }, CallToolResultSchema, {
        onprogress: (p) => seen.push(p.progress),
      });
      // Paced on Armature's side: the first and the latest value arrive, in order.
      expect(seen[0]).to.equal(1);
      expect(seen[seen.length - 1]).to.equal(4);
      expect(seen).to.deep.equal([...new Set(seen)].sort());
      expect(result.content).to.deep.equal([{ type: 'text', text: 'done' }]);
    });

    it('delivers list_changed on the GET stream (raw)', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const id = await openSession(handle.url);
      const res = await fetch(handle.url, { headers: { ...sessionHeaders(id), accept: 'text/event-stream' } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('text/event-stream');
      const reader = new SseReader(res);
      expect((await reader.next())?.data).to.equal('');
      await app.notifyToolsChanged();
      const event = await reader.nextMessage();
      expect(event?.message.method).to.equal('notifications/tools/list_changed');
      expect(event?.id).to.be.a('string');
      await reader.cancel();
    });

    it('keeps server messages sent before the GET stream opens and delivers them once it does', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const id = await openSession(handle.url);
      await app.notifyToolsChanged();
      const res = await fetch(handle.url, { headers: { ...sessionHeaders(id), accept: 'text/event-stream' } });
      const reader = new SseReader(res);
      expect((await reader.nextMessage())?.message.method).to.equal('notifications/tools/list_changed');
      await reader.cancel();
    });

    it('delivers list_changed to the official SDK client', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const { client } = await opened.client(handle.url);
      const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
      // The client opens its GET stream after `initialized`; a list call makes sure the session is live.
      await client.listTools();
      await app.notifyToolsChanged();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        changed,
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no list_changed')), 5000))),
      ]).finally(() => clearTimeout(timer));
    });

    it('sends keep-alive comments on a quiet stream', async () => {
      const handle = await opened.listen(peer.create(), { sse: { keepAliveMs: 20 } });
      const id = await openSession(handle.url);
      const res = await fetch(handle.url, { headers: { ...sessionHeaders(id), accept: 'text/event-stream' } });
      const body = res.body as ReadableStream<Uint8Array>;
      const reader = body.getReader();
      let text = '';
      const deadline = Date.now() + 3000;
      while (!text.includes(': keep-alive') && Date.now() < deadline) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
      expect(text).to.include(': keep-alive');
      await reader.cancel();
    });
  });
}
