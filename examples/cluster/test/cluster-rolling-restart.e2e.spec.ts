import { expect } from 'chai';
import { type ClientKind, connectScenarioClient, openSession2025, request2025 } from '@armature/transport-fixtures';
import { redisServerBinary } from '@armature/transport-fixtures/redis-server';
import { type Cluster, startCluster } from '../src/cluster';
import { post2026 } from './support/mcp-2026';
import { BURST_CALL, type CallOutcome, PACED_CALL, StreamingCaller, tally } from './support/rolling-load';
import { ListenFollower, SessionStreamFollower } from './support/stream-followers';
import { updatesInEventStreams } from './support/redis-stream-audit';

const INDEX = 'notes://index';
const KINDS: readonly ClientKind[] = ['sdk-v1', 'sdk-v2-pinned', 'sdk-v2-auto'];
const CALLERS = 20;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Creates a note through the balancer, retrying refusals (bounded): `ok`, or what went wrong.
 * An attempt whose instance died holding it (the balancer's 502 saying it may have been carried
 * out) is retried too, and recorded in `unsure`: that note's notification may then come twice.
 */
async function createNote(url: string, title: string, unsure: string[] = []): Promise<'ok' | 'refused' | string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await post2026(url, 'tools/call', { name: 'create', arguments: { title, body: 'x' } }, 'create', {}).catch(
      (error: unknown) => ({ status: 0, error: { code: 0, message: String(error) } }),
    );
    if (answer.status === 200 && 'result' in answer && answer.result?.isError !== true) return 'ok';
    if (answer.status === 502 && /may have been carried out/.test(answer.error?.message ?? '')) {
      unsure.push(`${title}: attempt ${attempt + 1} cut by a kill`);
      await pause(50);
      continue;
    }
    // Not admitted: a draining instance's 503, the balancer's 502, or the JSON-RPC refusal of a server shutting down.
    const refused =
      answer.status === 503 || answer.status === 502 || (answer.error?.code === -32000 && /shutting down/.test(answer.error.message));
    if (!refused) return JSON.stringify(answer).slice(0, 200);
    await pause(50);
  }
  return 'refused';
}

/** Everything the restarts run against, started and stopped together. */
class Load {
  readonly callers: StreamingCaller[] = [];
  session!: SessionStreamFollower;
  listen!: ListenFollower;
  /** Titles of the notes whose `create` was answered with success (each must reach the GET stream). */
  readonly created: string[] = [];
  /** Create attempts whose outcome is unknown (their notification may or may not exist, besides the retry's). */
  readonly unsure: string[] = [];
  private creating = true;
  private creator: Promise<void> | undefined;

  constructor(readonly url: string) {}

  async start(): Promise<void> {
    const sessionId = await openSession2025(this.url);
    expect((await request2025(this.url, sessionId, 'resources/subscribe', { uri: INDEX })).result).to.deep.equal({});
    this.session = new SessionStreamFollower(this.url, sessionId);
    await this.session.start();
    this.listen = new ListenFollower(await connectScenarioClient('sdk-v2-pinned', { kind: 'http', url: this.url }), INDEX);
    await this.listen.start();
    for (let i = 0; i < CALLERS; i++)
      this.callers.push(await StreamingCaller.connect(KINDS[i % KINDS.length]!, this.url, i % 4 === 3 ? BURST_CALL : PACED_CALL));
    for (const caller of this.callers) caller.start();
    this.creator = (async () => {
      for (let i = 0; this.creating && i < 2_000; i++) {
        const title = `rolling-${i}`;
        const outcome = await createNote(this.url, title, this.unsure);
        if (outcome === 'ok') this.created.push(title);
        else if (outcome !== 'refused') this.unsure.push(`${title}: ${outcome}`);
        await pause(40);
      }
    })();
  }

  async stop(): Promise<void> {
    this.creating = false;
    await this.creator;
    await Promise.all(this.callers.map((caller) => caller.stop()));
  }

  async close(): Promise<void> {
    await this.stop().catch(() => undefined);
    await this.session?.stop().catch(() => undefined);
    await this.listen?.stop().catch(() => undefined);
    await this.listen?.client.close().catch(() => undefined);
    await Promise.all(this.callers.map((caller) => caller.client.close().catch(() => undefined)));
  }

  outcomes(): CallOutcome[] {
    return this.callers.flatMap((caller) => caller.outcomes);
  }

  /** Every server message each client received, checked against its revision's schema, and one answer per request id. */
  wireProblems(): string[] {
    const problems: string[] = [];
    for (const caller of [...this.callers.map((c) => c.client), this.listen.client]) {
      problems.push(...caller.wire.violations.map((v) => `${caller.kind}: ${v}`));
      const answered = new Map<string | number, number>();
      for (const message of caller.wire.received as readonly { id?: string | number; method?: string }[])
        if (message.id !== undefined && message.method === undefined) answered.set(message.id, (answered.get(message.id) ?? 0) + 1);
      for (const [id, count] of answered) if (count > 1) problems.push(`${caller.kind}: request ${String(id)} answered ${count} times`);
    }
    return problems;
  }

  /** `notifications/resources/updated` messages the 2025 session's GET streams carried. */
  sessionUpdates(): number {
    return this.session.messages.filter(
      (m) => m.method === 'notifications/resources/updated' && (m.params as { uri?: string } | undefined)?.uri === INDEX,
    ).length;
  }
}

/** Progress in order before each whole result (the result's text is checked as it arrives). */
function checkResults(outcomes: readonly CallOutcome[]): string[] {
  const wrong: string[] = [];
  for (const outcome of outcomes) {
    if (outcome.kind !== 'result') continue;
    for (let i = 1; i < outcome.progress.length; i++)
      if (outcome.progress[i]! <= outcome.progress[i - 1]!) wrong.push(`progress out of order: ${JSON.stringify(outcome.progress)}`);
  }
  return wrong;
}

/**
 * Acknowledged notes whose notification the 2025 session's GET stream never carried, and what
 * Redis's event streams hold of them (an append gap or a delivery gap).
 */
function reportGap(load: Load, redisUrl: string): void {
  const missing = load.created.length - load.sessionUpdates();
  if (missing <= 0) return;
  console.log(`      (${missing} of ${load.created.length} acknowledged updates never reached the resumed GET stream)`);
  const held = updatesInEventStreams(redisUrl, INDEX);
  if (held === undefined) return;
  const streams = [...held].map(([key, count]) => `${key}: ${count}`).join(', ');
  const most = Math.max(0, ...held.values());
  const kind = most >= load.created.length ? 'appended, not delivered' : 'never appended';
  console.log(`      (Redis event streams holding updates of ${INDEX}: ${streams || 'none'}; the missing ones were ${kind})`);
}

/**
 * A rolling restart of examples/cluster under streaming load, as a fleet deploy does it: three
 * instances on a real redis-server behind the round-robin balancer, 20 official SDK clients (v1 on
 * 2025-11-25, v2 pinned to 2026-07-28 and in auto mode) calling a tool that streams progress, a
 * 2025 session's GET stream and a 2026 `subscriptions/listen` stream, while each instance in turn
 * is stopped and started again on its port.
 */
describe('examples/cluster: rolling restart under streaming load (child processes, real redis-server, official SDK clients)', function () {
  this.timeout(180_000);
  let cluster: Cluster | undefined;
  let load: Load | undefined;

  before(() => void redisServerBinary());
  afterEach(async () => {
    await load?.close();
    await cluster?.stop();
    load = undefined;
    cluster = undefined;
  });

  it('SIGTERM each instance in turn: every call gets exactly one answer (result or retryable refusal), whole, none lost; every acknowledged update reaches the resumed 2025 stream once', async () => {
    cluster = await startCluster();
    load = new Load(cluster.url);
    await load.start();
    await pause(500);
    for (let index = 0; index < cluster.instances.length; index++) {
      await cluster.restartInstance(index, 'SIGTERM');
      await pause(500);
    }
    await load.stop();
    // What was created last reaches both streams once they settle (bounded).
    const deadline = Date.now() + 10_000;
    while (load.sessionUpdates() < load.created.length && Date.now() < deadline) await pause(50);

    const outcomes = load.outcomes();
    const counts = tally(outcomes);
    console.log(
      `      (${outcomes.length} streamed calls: ${counts.result} results, ${counts.retryable} retryable refusals; ` +
        `${load.created.length} notes created, GET stream opened ${load.session.opens} times, ${load.listen.endings.length} listen streams ended: ${[...new Set(load.listen.endings)].join(', ')})`,
    );
    const refusals = new Set(outcomes.flatMap((o) => (o.kind === 'retryable' ? [o.what.replace(/\d+/g, 'N')] : [])));
    console.log(`      (refusals seen: ${JSON.stringify([...refusals])})`);
    // A draining instance's 503 + Retry-After never reaches a client: the balancer sends the
    // request to another instance (one is always up during a rolling restart).
    expect(
      [...refusals].filter((r) => /Service Unavailable|HTTP 503/.test(r)),
      'HTTP 503s that reached a client',
    ).to.deep.equal([]);
    // Every call is answered: its result, or a refusal the client can retry; none goes 10 s without a word.
    const lost = outcomes.filter((o) => o.kind === 'lost');
    expect(lost, 'calls without an answer').to.deep.equal([]);
    expect(checkResults(outcomes), 'every result is whole').to.deep.equal([]);
    expect(counts.result).to.be.greaterThan(CALLERS * 3);
    // Every client saw every instance restart and still got results afterwards.
    for (const caller of load.callers) expect(caller.outcomes.at(-1)?.kind, caller.kind).to.not.equal('lost');
    expect(load.wireProblems()).to.deep.equal([]);

    // The 2025 session's stream: each successful create's notification exactly once, across resumptions.
    expect(load.unsure, 'every create was answered').to.deep.equal([]);
    // Each acknowledged update exactly once across resumptions, including those raised while no
    // live instance held the session (the raising instance appends them from the subscription index).
    reportGap(load, cluster.redisUrl);
    expect(load.sessionUpdates(), 'every acknowledged update on the resumed GET stream, once').to.equal(load.created.length);
    expect(new Set(load.session.ids).size, 'no event id twice').to.equal(load.session.ids.length);
    expect(load.session.violations).to.deep.equal([]);
    expect(load.session.opens, 'the GET stream was resumed after its instance drained').to.be.greaterThan(1);

    // The 2026 listen stream ended with its instance, was opened again, and carries updates.
    expect(load.listen.failures).to.deep.equal([]);
    const before = load.listen.updates();
    expect(await createNote(cluster.url, 'after-the-restarts')).to.equal('ok');
    const until = Date.now() + 5_000;
    while (load.listen.updates() === before && Date.now() < until) await pause(25);
    expect(load.listen.updates(), 'a listen stream opened after the restarts gets updates').to.be.greaterThan(before);
  });

  it('kill -9 each instance in turn: nothing acknowledged is lost, calls never hang, every task reaches a final state', async () => {
    cluster = await startCluster();
    load = new Load(cluster.url);
    await load.start();
    // Tasks spread over the instances by the balancer: every one's runner is killed below, long
    // before it could finish (2 minutes of steps; a loaded host can take a while to kill all three).
    const tasks: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await post2026(
        cluster.url,
        'tools/call',
        { name: 'export_notes', arguments: { steps: 1_000, stepMs: 120 } },
        'export_notes',
      );
      const taskId = created.result?.taskId;
      expect(taskId, JSON.stringify(created)).to.be.a('string');
      tasks.push(taskId as string);
    }
    await pause(500);
    for (let index = 0; index < cluster.instances.length; index++) {
      await cluster.restartInstance(index, 'SIGKILL');
      await pause(700);
    }
    await load.stop();
    const settle = Date.now() + 10_000;
    while (load.sessionUpdates() < load.created.length && Date.now() < settle) await pause(50);

    const outcomes = load.outcomes();
    const counts = tally(outcomes);
    console.log(
      `      (${outcomes.length} streamed calls: ${counts.result} results, ${counts.retryable} retryable, ${counts.lost} cut by a kill; ${load.created.length} notes created, ${load.unsure.length} create attempts cut by a kill)`,
    );
    expect(checkResults(outcomes), 'every result is whole').to.deep.equal([]);
    expect(counts.result).to.be.greaterThan(CALLERS * 2);
    expect(load.wireProblems()).to.deep.equal([]);
    // Acknowledged: a create answered with success. Its notification is in the session's stream;
    // an attempt cut by a kill may have run too (the balancer does not resend a POST it delivered).
    expect(load.sessionUpdates(), 'no duplicate on the resumed GET stream').to.be.at.most(load.created.length + load.unsure.length);
    reportGap(load, cluster.redisUrl);
    // An answered create's appends were in the event store before its answer (appendWaitMs), so a
    // kill right after cannot lose them: the resumed stream has every acknowledged update, no gap.
    expect(load.sessionUpdates(), 'every acknowledged update on the resumed GET stream').to.be.at.least(load.created.length);
    expect(new Set(load.session.ids).size, 'no event id twice').to.equal(load.session.ids.length);

    // Each task reaches a final state within the lease (15 s) plus a poll, whichever instance answers.
    const finals = new Map<string, string>();
    const deadline = Date.now() + 25_000;
    while (finals.size < tasks.length && Date.now() < deadline) {
      for (const taskId of tasks) {
        if (finals.has(taskId)) continue;
        const got = await post2026(cluster.url, 'tasks/get', { taskId }, taskId).catch(() => undefined);
        const status = got?.result?.status;
        if (status === 'completed' || status === 'failed' || status === 'cancelled')
          finals.set(taskId, `${String(status)}: ${String(got?.result?.statusMessage ?? '')}`);
      }
      await pause(250);
    }
    expect([...finals.keys()].sort(), `final states: ${JSON.stringify([...finals.values()])}`).to.deep.equal([...tasks].sort());
    for (const state of finals.values()) expect(state).to.match(/^failed: .*(instance|stopped)/);
  });
});
