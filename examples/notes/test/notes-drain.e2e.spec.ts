import { expect } from 'chai';
import { join } from 'node:path';
import { ensureManifest } from '@armature/testing';
import { until } from '@armature/transport-fixtures';
import { type DrainClient, type DrainOutcome, type DrainRun, type DrainTransport, startDrainRun, tally } from './support/drain-scenario';

const CALLS = 50;
const DRAIN_MS = 5000;
/** How long after the window the process may take to exit (start-up of the exit, not work). */
const EXIT_SLACK_MS = 2000;
/** A query no note matches: every search goes through all notes, reporting progress for each. */
const NOWHERE = 'no note says this';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A user fills the notes server with 3,000 notes, fires 50 searches that each stream progress
 * for every note, and the server gets SIGTERM 20 ms later (a rolling restart). Driven by the
 * official SDK clients through the real transports against a real child process. Every call
 * is answered — its result, or the server's cancellation error for what could not finish in
 * the window — the process exits 0, and it does so within the drain window.
 */
describe('examples/notes: SIGTERM 20 ms after 50 streamed searches (real child process)', function () {
  this.timeout(90_000);
  let run: DrainRun | undefined;

  before(function () {
    this.timeout(60_000);
    ensureManifest(join(__dirname, '../..'));
  });

  afterEach(async () => {
    await run?.dispose();
    run = undefined;
  });

  const cases: { transport: DrainTransport; client: DrainClient; progress: boolean; title: string }[] = [
    { transport: 'stdio', client: 'sdk-v1', progress: true, title: 'stdio, SDK v1 (2025-11-25)' },
    { transport: 'stdio', client: 'sdk-v2', progress: true, title: 'stdio, SDK v2 (2026-07-28)' },
    { transport: 'http', client: 'sdk-v1', progress: true, title: 'Streamable HTTP, SSE answers, SDK v1 (2025-11-25)' },
    { transport: 'http', client: 'sdk-v2', progress: true, title: 'Streamable HTTP, SSE answers, SDK v2 (2026-07-28)' },
    { transport: 'http', client: 'sdk-v1', progress: false, title: 'Streamable HTTP, JSON answers (no progress token), SDK v1' },
    { transport: 'ws', client: 'sdk-v1', progress: true, title: 'WebSocket, SDK v1 (2025-11-25)' },
  ];

  async function check(c: (typeof cases)[number], outcomes: Promise<DrainOutcome[]>, signalled: number): Promise<Record<string, number>> {
    const [settled, code] = await Promise.all([outcomes, run!.exit(DRAIN_MS + EXIT_SLACK_MS)]);
    const counts = tally(settled);
    if (process.env.DRAIN_REPORT)
      process.stderr.write(`${c.title}: ${JSON.stringify(counts)}, exit ${Date.now() - signalled} ms after SIGTERM\n`);
    const lost = Object.keys(counts).filter((k) => k.startsWith('lost'));
    expect(lost, `calls left without an answer: ${JSON.stringify(counts)}`).to.deep.equal([]);
    expect((counts.result ?? 0) + (counts.cancelled ?? 0) + (counts.refused ?? 0)).to.equal(CALLS);
    expect(code, run!.stderr().slice(-1500)).to.equal(0);
    run!.wire.assertClean();
    return counts;
  }

  for (const c of cases) {
    it(`${c.title}, SIGTERM 20 ms after the calls: 50/50 answered, exit 0 within the window`, async () => {
      run = await startDrainRun({ transport: c.transport, client: c.client, drainMs: DRAIN_MS });
      const calls = Array.from({ length: CALLS }, () => run!.search(NOWHERE, c.progress ? () => undefined : undefined));
      await sleep(20);
      const signalled = Date.now();
      run.child.kill('SIGTERM');
      await check(c, Promise.all(calls), signalled);
    });

    if (!c.progress) continue;
    it(`${c.title}, SIGTERM once all 50 stream progress: each gets its result or -32000, exit 0 within the window`, async () => {
      run = await startDrainRun({ transport: c.transport, client: c.client, drainMs: DRAIN_MS });
      const calls = Array.from({ length: CALLS }, () => run!.search(NOWHERE, () => undefined));
      // Read off the wire, not from `onprogress`: the SDK v2 client dispatches a notification a
      // microtask after the read it came in, so progress that shares a stdout read with its
      // call's result finds the handler already gone and never reaches `onprogress`.
      await until(() => run!.callsWithProgress() === CALLS, 'progress from every call', 20_000);
      const signalled = Date.now();
      run.child.kill('SIGTERM');
      const counts = await check(c, Promise.all(calls), signalled);
      // Every call was admitted before the shutdown began: none may be refused.
      expect(counts.refused, JSON.stringify(counts)).to.equal(undefined);
    });
  }
});
