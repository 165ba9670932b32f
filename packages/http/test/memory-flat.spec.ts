import { expect } from 'chai';
import { request, type ClientRequest } from 'node:http';
import * as path from 'node:path';
import { HeapChild } from '@armature/transport-fixtures';
import { dropAndCancel } from './support/mid-stream';
import { INITIALIZE, openSession, post, sessionHeaders } from './support/raw-http';

const CHILD = path.join(__dirname, 'support/heap-server.child.js');
const SESSIONS = 1000;
/**
 * Idle expiry in the child: short, since an abandoned session's GET stream is what keeps it
 * alive until it drops, yet long enough that no session expires between its initialize and
 * the opening of its stream on a loaded machine.
 */
const IDLE_MS = 2000;
/**
 * Heap growth allowed once everything ended, after full GC. Generous against allocator and JIT
 * noise (measured: 0.3-0.5 MiB after 1,000 sessions closed, 0.8-1.0 MiB after 1,000 expired,
 * 0.1 MiB after 200 dropped calls), yet below what a leak would hold: 1,000 live abandoned
 * sessions take ~8 MiB, and each dropped-then-cancelled call leaked ~6 KB (1.2 MiB for 200)
 * before its answer channel was released on cancellation.
 */
const SESSIONS_FLAT_BYTES = 2 * 1024 * 1024;
const DROPS_FLAT_BYTES = 512 * 1024;
const MiB = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/** Runs `task` for each of `count` items, `concurrency` at a time. */
async function inBatches(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < count; start += concurrency) {
    await Promise.all(Array.from({ length: Math.min(concurrency, count - start) }, (_, k) => task(start + k)));
  }
}

/** A session that answered one call. */
async function busySession(url: string, i: number): Promise<string> {
  const session = await openSession(url);
  const res = await post(
    url,
    { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'echo', arguments: { text: `s${i}` } } },
    sessionHeaders(session),
  );
  await res.text();
  return session;
}

async function deleteSession(url: string, session: string): Promise<void> {
  const res = await fetch(url, { method: 'DELETE', headers: sessionHeaders(session) });
  await res.text();
  if (res.status !== 200) throw new Error(`DELETE answered ${res.status}`);
}

/** Opens the session's GET stream on a socket of its own; resolves once the stream's headers arrived. */
function openGetStream(url: string, session: string): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'GET', agent: false, headers: { accept: 'text/event-stream', ...sessionHeaders(session) } },
      (res) => {
        if (res.statusCode === 200) resolve(req);
        else reject(new Error(`GET stream answered ${String(res.statusCode)}`));
        res.resume();
      },
    );
    req.on('error', () => undefined);
    req.end();
  });
}

/**
 * Memory under churn: the server runs in a child forked with --expose-gc and reports
 * its live heap after full GC (`HeapChild`), so the numbers are the server's alone. Every wait
 * is bounded; the bounds are generous and no timing is asserted.
 */
describe('Streamable HTTP: memory returns after churn (server in a --expose-gc child)', function () {
  this.timeout(120_000);
  let child: HeapChild | undefined;
  const streams: ClientRequest[] = [];
  afterEach(async () => {
    for (const req of streams.splice(0)) req.destroy();
    await child?.stop();
    child = undefined;
  });

  it('1,000 sessions opened and closed, then 1,000 abandoned: the cap and idle expiry hold, and the heap comes back', async () => {
    child = await HeapChild.fork(CHILD, { HEAP_IDLE_MS: String(IDLE_MS) });
    const url = child.ready.url as string;
    // The clients vanish: their sockets drop without DELETE, and idle expiry ends the sessions.
    const abandonAll = async (): Promise<void> => {
      for (const req of streams.splice(0)) req.destroy();
      for (let polls = 0; polls < 400 && (await child!.stats()).sessions !== 0; polls++)
        await new Promise((resolve) => setTimeout(resolve, 50));
    };
    // Warm-up: both code paths run once before the baseline.
    await inBatches(50, 25, async (i) => deleteSession(url, await busySession(url, i)));
    await inBatches(50, 25, async (i) => void streams.push(await openGetStream(url, await busySession(url, i))));
    await abandonAll();
    const baseline = await child.heap();

    await inBatches(SESSIONS, 25, async (i) => deleteSession(url, await busySession(url, i)));
    const closed = await child.heap();
    expect(closed.sessions).to.equal(0);

    // Abandoned: each client keeps only its GET stream open (so nothing expires while the
    // 1,000 are opened), then drops its sockets without DELETE.
    await inBatches(SESSIONS, 25, async (i) => void streams.push(await openGetStream(url, await busySession(url, i))));
    const refused = await post(url, INITIALIZE);
    await refused.text();
    expect(refused.status, 'initialize beyond the cap').to.equal(503);
    expect(refused.headers.get('retry-after')).to.equal('5');
    const peak = await child.heap();
    expect(peak.sessions).to.equal(SESSIONS);
    await abandonAll();
    const expired = await child.heap();
    expect(expired.sessions, 'sessions left after idle expiry').to.equal(0);

    const report = `baseline ${MiB(baseline.heapUsed)}, after 1,000 closed ${MiB(closed.heapUsed)}, 1,000 abandoned live ${MiB(peak.heapUsed)}, after their expiry ${MiB(expired.heapUsed)}`;
    // The measurement sees sessions at all: live ones weigh far more than the bound.
    expect(peak.heapUsed - baseline.heapUsed, report).to.be.above(2 * SESSIONS_FLAT_BYTES);
    expect(closed.heapUsed - baseline.heapUsed, report).to.be.below(SESSIONS_FLAT_BYTES);
    expect(expired.heapUsed - baseline.heapUsed, report).to.be.below(SESSIONS_FLAT_BYTES);
    expect(expired.unhandled).to.equal(0);
    // A place is free again.
    const again = await post(url, INITIALIZE);
    await again.text();
    expect(again.status).to.equal(200);
  });

  it('200 sockets destroyed mid-SSE-response: the heap comes back once the calls ended', async () => {
    child = await HeapChild.fork(CHILD);
    const url = child.ready.url as string;
    const session = await openSession(url);
    let dropped = 0;
    const drop = async (count: number): Promise<void> => {
      for (let batch = 0; batch < count; batch += 50) {
        const ids = Array.from({ length: 50 }, () => ++dropped);
        await dropAndCancel(url, session, ids);
        for (let polls = 0; polls < 400 && (await child!.stats()).aborted !== dropped; polls++)
          await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    await drop(50); // warm-up
    const baseline = await child.heap();
    await drop(200);
    const after = await child.heap();
    expect(after.aborted, 'calls whose work was aborted').to.equal(250);
    expect(after.running).to.equal(0);
    expect(after.unhandled).to.equal(0);
    expect(
      after.heapUsed - baseline.heapUsed,
      `baseline ${MiB(baseline.heapUsed)}, after 200 destroyed ${MiB(after.heapUsed)}`,
    ).to.be.below(DROPS_FLAT_BYTES);
  });
});
