import { expect } from 'chai';
import { PEERS } from './support/peers';
import { INITIALIZE, openSession, post, POST_HEADERS, rawRequest, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';

/**
 * POSTs that arrive while the server drains get 503 + Retry-After (new work) or 202
 * (notifications), not a refused or reset connection; the work in flight still gets its answer.
 */
for (const peer of PEERS) {
  describe(`HTTP requests during shutdown (${peer.name})`, () => {
    const opened = new Opened();
    afterEach(() => opened.closeAll());

    it('answers new requests 503 + Retry-After while in-flight work drains, then finishes that work', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const session = await openSession(handle.url);
      const inflight = post(
        handle.url,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'gated', arguments: { key: 'slow' } } },
        sessionHeaders(session),
      );
      await app.started('slow');
      const closing = handle.close(10_000);

      // A new request on the live session, an initialize, and a request on a fresh connection.
      const onSession = await post(
        handle.url,
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'late' } } },
        sessionHeaders(session),
      );
      const initialize = await post(handle.url, INITIALIZE);
      const fresh = await rawRequest(handle.url, {
        method: 'POST',
        headers: { ...POST_HEADERS, ...sessionHeaders(session), connection: 'close' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }),
      });
      const stream = await fetch(handle.url, { headers: { ...sessionHeaders(session), accept: 'text/event-stream' } });
      for (const [what, status, retryAfter, body] of [
        ['request on the session', onSession.status, onSession.headers.get('retry-after'), await onSession.text()],
        ['initialize', initialize.status, initialize.headers.get('retry-after'), await initialize.text()],
        ['request on a new connection', fresh.status, fresh.headers['retry-after'], fresh.body],
        ['GET stream', stream.status, stream.headers.get('retry-after'), await stream.text()],
      ] as const) {
        expect(status, what).to.equal(503);
        expect(retryAfter, what).to.equal('5');
        expect(body, what).to.match(/shutting down/);
      }
      // A notification still reaches the session (a cancellation may be what ends the work).
      const note = await post(
        handle.url,
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'x', progress: 1 } },
        sessionHeaders(session),
      );
      expect(note.status).to.equal(202);
      await note.text();

      app.release('slow');
      const answered = (await (await inflight).json()) as { id: number; result: { content: { text: string }[] } };
      expect(answered.id).to.equal(1);
      expect(answered.result.content[0].text).to.equal('gated:slow');
      await closing;
    });
  });
}
