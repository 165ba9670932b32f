import { expect } from 'chai';
import type { Armature } from '@armature/core';
import { until } from '@armature/testing';
import { createApp2026, probe2026 } from './support/app-2026';
import { openSession, post, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';
import { SseReader } from './support/sse-reader';

function waitCall(id: number, progress: boolean): object {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'wait', arguments: { tag: `c${id}` }, ...(progress ? { _meta: { progressToken: id } } : {}) },
  };
}

async function cancel(url: string, session: string, requestId: number): Promise<void> {
  const res = await post(
    url,
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'test' } },
    sessionHeaders(session),
  );
  expect(res.status).to.equal(202);
  await res.text();
}

/**
 * Found by the memory check: a cancelled request on a 2025 session gets no response,
 * and its answer channel used to wait for one forever — holding its stream and socket objects
 * (~6 KB a call) and keeping the session busy, so it never idle-expired. Now the cancellation
 * releases the answer: an SSE answer ends without a response event and cannot be resumed (404),
 * an answer not yet started gets 202, and the session expires once idle.
 */
describe('Streamable HTTP: a cancelled request releases its answer', function () {
  this.timeout(30_000);
  const opened = new Opened();
  let app: Armature;
  let url: string;
  let sessions: () => number;
  beforeEach(async () => {
    app = await createApp2026();
    // Short enough to see expiry, long enough that a session does not expire between two steps of a test.
    const handle = await opened.listen(app, { sessionIdleTimeoutMs: 1000 });
    url = handle.url;
    sessions = () => handle.handler.sessionCount;
  });
  afterEach(async () => {
    await opened.closeAll();
    await app.close({ drainMs: 0 });
  });

  it('ends an SSE answer without a response, refuses to resume it, and lets the session expire', async () => {
    const session = await openSession(url);
    const res = await post(url, waitCall(1, true), sessionHeaders(session));
    expect(res.headers.get('content-type')).to.equal('text/event-stream');
    const reader = new SseReader(res);
    const events = [await reader.next()];
    await until(() => probe2026.running === 1, 'the call to run');
    await cancel(url, session, 1);
    for (let event = await reader.next(); event !== undefined; event = await reader.next()) events.push(event);
    const messages = events
      .filter((e) => e !== undefined && e.data !== '')
      .map((e) => JSON.parse(e!.data) as { id?: unknown; method?: string });
    expect(
      messages.every((m) => m.method === 'notifications/progress'),
      JSON.stringify(messages),
    ).to.equal(true);
    expect(probe2026.aborted.get('c1')).to.be.a('string');
    const lastId = events
      .map((e) => e?.id)
      .filter((id) => id !== undefined)
      .pop();
    expect(lastId, 'an event id to resume from').to.be.a('string');
    const resume = await fetch(url, { headers: { accept: 'text/event-stream', 'last-event-id': lastId!, ...sessionHeaders(session) } });
    expect(resume.status).to.equal(404);
    await resume.text();
    await until(() => sessions() === 0, 'the idle session to expire');
  });

  it('answers 202 to a cancelled POST whose answer had not started, and lets the session expire', async () => {
    const session = await openSession(url);
    const pending = post(url, waitCall(2, false), sessionHeaders(session));
    await until(() => probe2026.running === 1, 'the call to run');
    await cancel(url, session, 2);
    const res = await pending;
    expect(res.status).to.equal(202);
    expect(await res.text()).to.equal('');
    await until(() => sessions() === 0, 'the idle session to expire');
  });

  it('keeps serving the session after a cancellation; cancelling an id not in flight changes nothing', async () => {
    const session = await openSession(url);
    const pending = post(url, waitCall(3, false), sessionHeaders(session));
    await until(() => probe2026.running === 1, 'the call to run');
    await cancel(url, session, 3);
    await (await pending).text();
    const echo = await post(
      url,
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: { text: 'after' } } },
      sessionHeaders(session),
    );
    expect(((await echo.json()) as { result: { content: { text: string }[] } }).result.content[0]?.text).to.equal('after');
    // Cancelling an id that is not in flight changes nothing.
    await cancel(url, session, 99);
    const again = await post(url, { jsonrpc: '2.0', id: 5, method: 'ping' }, sessionHeaders(session));
    expect(again.status).to.equal(200);
    await again.text();
  });
});
