import { expect } from 'chai';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { until } from '@armature/testing';
import { PEERS } from './support/peers';
import { INITIALIZE, openSession, post, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';

/** Polls `condition` every 10 ms, failing after `ms`. */
for (const peer of PEERS) {
  describe(`Stateful sessions (${peer.name})`, () => {
    const opened = new Opened();
    afterEach(() => opened.closeAll());

    it('serves the official SDK client: initialize, list, call, terminate', async () => {
      const handle = await opened.listen(peer.create());
      const { client, transport } = await opened.client(handle.url);
      const sessionId = transport.sessionId as string;
      expect(sessionId).to.match(/^[\x21-\x7e]{32}$/);
      expect(handle.handler.sessionCount).to.equal(1);
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).to.include('echo');
      const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } }, CallToolResultSchema);
      expect(result.content).to.deep.equal([{ type: 'text', text: 'hi' }]);
      await transport.terminateSession();
      expect(handle.handler.sessionCount).to.equal(0);
      const after = await post(handle.url, { jsonrpc: '2.0', id: 9, method: 'ping' }, sessionHeaders(sessionId));
      expect(after.status).to.equal(404);
      await after.text();
    });

    it('gives each initialize its own random session', async () => {
      const handle = await opened.listen(peer.create());
      const ids = await Promise.all([openSession(handle.url), openSession(handle.url), openSession(handle.url)]);
      expect(new Set(ids).size).to.equal(3);
      expect(handle.handler.sessionCount).to.equal(3);
    });

    it('refuses a session id that differs only in its secret part', async () => {
      const handle = await opened.listen(peer.create());
      const id = await openSession(handle.url);
      const forged = id.slice(0, 20) + (id[20] === 'A' ? 'B' : 'A') + id.slice(21);
      const res = await post(handle.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, sessionHeaders(forged));
      expect(res.status).to.equal(404);
      await res.text();
    });

    it('expires idle sessions, which then answer 404', async () => {
      const handle = await opened.listen(peer.create(), { sessionIdleTimeoutMs: 40 });
      const id = await openSession(handle.url);
      await until(() => handle.handler.sessionCount === 0, 'the sessions to close', 3000);
      const res = await post(handle.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, sessionHeaders(id));
      expect(res.status).to.equal(404);
      await res.text();
    });

    it('caps live sessions with 503, Retry-After and a clear body', async () => {
      const handle = await opened.listen(peer.create(), { maxSessions: 2 });
      await openSession(handle.url);
      const second = await openSession(handle.url);
      const res = await post(handle.url, INITIALIZE);
      expect(res.status).to.equal(503);
      expect(res.headers.get('retry-after')).to.equal('5');
      expect(((await res.json()) as { error: { message: string } }).error.message).to.match(/session limit/);
      const del = await fetch(handle.url, { method: 'DELETE', headers: sessionHeaders(second) });
      expect(del.status).to.equal(200);
      await openSession(handle.url);
    });

    it('answers a second initialize on a session with 400 and -32600 carrying its id; the session keeps serving', async () => {
      const handle = await opened.listen(peer.create());
      const id = await openSession(handle.url);
      const again = await post(handle.url, { ...INITIALIZE, id: 'again' }, sessionHeaders(id));
      expect(again.status).to.equal(400);
      const body = (await again.json()) as { id: string; error: { code: number; message: string } };
      expect(body.id).to.equal('again');
      expect(body.error.code).to.equal(-32600);
      expect(body.error.message).to.match(/already initialized/);
      const ping = await post(handle.url, { jsonrpc: '2.0', id: 2, method: 'ping' }, sessionHeaders(id));
      expect(ping.status).to.equal(200);
      expect(await ping.json()).to.deep.equal({ jsonrpc: '2.0', id: 2, result: {} });
      expect(handle.handler.sessionCount).to.equal(1);
    });

    it('drops a session whose initialize failed', async () => {
      const handle = await opened.listen(peer.create());
      const res = await post(handle.url, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { bogus: true } });
      await res.text();
      await until(() => handle.handler.sessionCount === 0, 'the sessions to close', 3000);
    });

    it('refuses a second request with an id still in flight, on its own exchange', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const id = await openSession(handle.url);
      const first = post(
        handle.url,
        { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'gated', arguments: { key: 'dup' } } },
        sessionHeaders(id),
      );
      await app.started('dup');
      const dup = await post(
        handle.url,
        { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x' } } },
        sessionHeaders(id),
      );
      const dupBody = (await dup.json()) as { id: number; error: { code: number } };
      expect(dupBody.error.code).to.equal(-32600);
      app.release('dup');
      const body = (await (await first).json()) as { id: number; result: { content: { text: string }[] } };
      expect(body.result.content[0].text).to.equal('gated:dup');
    });

    it('answers requests still open when the server closes, never leaving them hanging', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const id = await openSession(handle.url);
      const pending = post(
        handle.url,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'gated', arguments: { key: 'never' } } },
        sessionHeaders(id),
      );
      await app.started('never');
      const closing = handle.close(50);
      const res = await pending;
      const text = await res.text();
      expect(text).to.match(/-3200\d/);
      await closing;
      app.release('never');
    });
  });
}
