import { expect } from 'chai';
import { type Cluster, startCluster } from '../src/cluster';
import { redisServerBinary } from '@armature/transport-fixtures/redis-server';
import { post2026 } from './support/mcp-2026';
import { INITIALIZE_2025, openSession2025, request2025, sessionHeaders } from '@armature/transport-fixtures';
import { SseStream } from './support/sse';

const INDEX = 'notes://index';
/** No request may take longer than this, outage or not. */
const BOUND_MS = 10_000;

type Outcome = 'ok' | 'clear error' | 'hang' | string;

/** What happened to one request: success, a clear error a client can act on, a hang, or anything else (described). */
async function outcomeOf(
  send: () => Promise<{ status: number; error?: { code: number; message: string }; result?: Record<string, unknown> }>,
): Promise<Outcome> {
  try {
    const answer = await send();
    if (answer.status === 200 && answer.result !== undefined && answer.result.isError !== true) return 'ok';
    if (
      answer.error !== undefined &&
      /unavailable right now/.test(answer.error.message) &&
      (answer.status === 503 || answer.error.code === -32603)
    )
      return 'clear error';
    return `unexpected: ${JSON.stringify(answer).slice(0, 200)}`;
  } catch (error) {
    return error instanceof Error && error.name === 'TimeoutError' ? 'hang' : `unexpected: ${String(error).slice(0, 200)}`;
  }
}

/** A fresh 2025 session: initialize, then initialized (either may meet the outage). */
async function newSession(
  url: string,
): Promise<{ status: number; error?: { code: number; message: string }; result?: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(INITIALIZE_2025),
    signal: AbortSignal.timeout(BOUND_MS),
  });
  const text = await res.text();
  const body = (text.startsWith('{') ? JSON.parse(text) : {}) as {
    result?: Record<string, unknown>;
    error?: { code: number; message: string };
  };
  return { status: res.status, ...body };
}

/**
 * Redis restarted while the cluster serves a steady load through the balancer: every request is
 * answered (success or a clear error naming the outage, within the bound), service comes back by
 * itself, and the events Redis acknowledged before the restart are still replayed.
 */
describe('examples/cluster: Redis restarted under load (child processes, real redis-server, through the balancer)', function () {
  this.timeout(90_000);
  let cluster: Cluster;

  before(async () => {
    redisServerBinary();
    cluster = await startCluster();
  });
  after(async () => {
    await cluster?.stop();
  });

  it('errors are clear and bounded, service recovers, no acknowledged event is lost', async () => {
    const url = cluster.url;
    // Before: a session with a GET stream that received two events (appended to Redis before they were written).
    const sessionId = await openSession2025(url);
    expect((await request2025(url, sessionId, 'resources/subscribe', { uri: INDEX })).result).to.deep.equal({});
    const get = new SseStream(await fetch(url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream' }) }), {});
    await get.untilCount((event) => event.id !== undefined && event.data === '', 1);
    for (let i = 0; i < 2; i++)
      await post2026(url, 'tools/call', { name: 'create', arguments: { title: `acked-${i}`, body: 'x' } }, 'create', {});
    const acknowledged = await get.untilCount((event) => event.data !== '', 2);
    await get.cancel();

    // The load: 2025 calls in that session, 2026 calls, and new sessions, from four loops.
    const outcomes: Outcome[] = [];
    let phase: 'before' | 'restarting' | 'after' = 'before';
    const afterRestart: Outcome[] = [];
    const sessionsAfterRestart: Outcome[] = [];
    let stop = false;
    const loop = async (kind: number): Promise<void> => {
      for (let i = 0; !stop && i < 10_000; i++) {
        const outcome = await outcomeOf(() =>
          kind === 0
            ? request2025(url, sessionId, 'tools/call', { name: 'served_by', arguments: {} }, BOUND_MS)
            : kind === 1
              ? post2026(url, 'tools/call', { name: 'served_by', arguments: {} }, 'served_by', {})
              : newSession(url),
        );
        outcomes.push(outcome);
        if (phase === 'after') afterRestart.push(outcome);
        if (phase === 'after' && kind === 2) sessionsAfterRestart.push(outcome);
      }
    };
    const loops = [loop(0), loop(1), loop(2), loop(0)];
    await new Promise((resolve) => setTimeout(resolve, 300));
    phase = 'restarting';
    await cluster.restartRedis(1_500); // down for 1.5 s
    phase = 'after';
    // Recovered: 40 answers in a row are successes, and so are the last 6 new sessions, which
    // need Redis on whichever instance serves them (node-redis reconnects with a back-off of up to 2 s).
    const deadline = Date.now() + 30_000;
    const recovered = (): boolean =>
      afterRestart.length >= 40 &&
      afterRestart.slice(-40).every((outcome) => outcome === 'ok') &&
      sessionsAfterRestart.length >= 6 &&
      sessionsAfterRestart.slice(-6).every((outcome) => outcome === 'ok');
    while (!recovered() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    stop = true;
    await Promise.all(loops);

    const unexpected = outcomes.filter((outcome) => outcome !== 'ok' && outcome !== 'clear error');
    expect(unexpected, 'every answer is a success or a clear error, none hangs').to.deep.equal([]);
    expect(recovered(), `recovered after the restart: last ${JSON.stringify(afterRestart.slice(-10))}`).to.equal(true);
    expect(outcomes.filter((outcome) => outcome === 'ok').length).to.be.greaterThan(40);

    // The session opened before the restart still works, and its acknowledged events are replayed after the first.
    expect((await request2025(url, sessionId, 'ping')).result).to.deep.equal({});
    // As a client does: a 503 (an instance still reconnecting to Redis) is retried after a pause, bounded.
    let response = await fetch(url, {
      headers: sessionHeaders(sessionId, { accept: 'text/event-stream', 'last-event-id': acknowledged[0]!.id! }),
    });
    for (let attempt = 0; response.status === 503 && attempt < 20; attempt++) {
      expect(await response.text()).to.match(/unavailable right now/);
      await new Promise((resolve) => setTimeout(resolve, 500));
      response = await fetch(url, {
        headers: sessionHeaders(sessionId, { accept: 'text/event-stream', 'last-event-id': acknowledged[0]!.id! }),
      });
    }
    const resumed = new SseStream(response, {});
    expect(resumed.response.status).to.equal(200);
    const replayed = await resumed.untilCount((event) => event.data !== '', 1);
    expect(replayed.map((event) => event.id)).to.deep.equal([acknowledged[1]!.id]);
    // And new events flow again.
    await post2026(url, 'tools/call', { name: 'create', arguments: { title: 'after-restart', body: 'x' } }, 'create', {});
    const all = await resumed.untilCount((event) => event.data !== '', 2);
    expect(new Set(all.map((event) => event.id)).size).to.equal(2);
    expect([...get.violations, ...resumed.violations]).to.deep.equal([]);
    await resumed.cancel();
    console.log(
      `      (${outcomes.length} requests: ${outcomes.filter((o) => o === 'ok').length} ok, ${outcomes.filter((o) => o === 'clear error').length} clear errors)`,
    );
  });
});
