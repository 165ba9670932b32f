import { expect } from 'chai';
import { checkServerMessage } from '@armature/testing';
import { openSession2025, post2026 } from '@armature/transport-fixtures';
import { sessionHeaders, SseReader } from './support/http-peers';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { type ChildInstance, startChildInstance } from './support/child-instance';
import { type ScaleInstance, startScaleInstance } from './support/scale-app';
import { recordUnhandledRejections } from './support/unhandled-rejections';

/**
 * Instances killed, one after another (each takes seconds to boot); each round checks every call
 * answered before its kill. KILL_ROUNDS runs more (a measurement: 100 rounds take ~8 minutes);
 * KILL_APPEND_WAIT_MS=0 starts the instances with answers that do not wait for their appends, to
 * see the loss this test guards against.
 */
const ROUNDS = Number(process.env.KILL_ROUNDS ?? 30);
/** Rounds whose calls are MCP 2026-07-28 requests (no session): the same guarantee on the other answer path. */
const ROUNDS_2026 = Number(process.env.KILL_ROUNDS_2026 ?? 12);
/** Sessions per round, each calling the tool at once (more answers raced against each kill). */
const SESSIONS = 8;

let nextId = 1;

/** A session opened on the child: subscribed to `uri`, its GET stream open there, and the event id the client last had on it. */
interface Watched {
  readonly sessionId: string;
  readonly uri: string;
  readonly lastEventId: string;
  readonly get: SseReader;
}

async function post(url: string, sessionId: string, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const request = { jsonrpc: '2.0', id: nextId++, method, params };
  const res = await fetch(url, {
    method: 'POST',
    headers: sessionHeaders(sessionId),
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  // A JSON answer, or an SSE stream whose last data line is the answer.
  const json = (
    res.headers.get('content-type')?.includes('application/json') === true
      ? JSON.parse(text)
      : JSON.parse(/data: ?(.+)\n\n$/.exec(text)?.[1] ?? 'null')
  ) as Record<string, unknown> | null;
  if (json === null) throw new Error(`no answer in ${text.slice(0, 200)}`);
  expect(checkServerMessage(json, request), text.slice(0, 500)).to.deep.equal([]);
  return json;
}

async function watch(url: string, uri: string): Promise<Watched> {
  const sessionId = await openSession2025(url);
  expect(await post(url, sessionId, 'resources/subscribe', { uri })).to.have.property('result');
  const get = new SseReader(
    await fetch(url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream' }), signal: AbortSignal.timeout(60_000) }),
    {},
  );
  // The priming event names the position the client holds on the GET stream.
  const primed = await get.until((e) => e.id !== undefined && e.data === '');
  return { sessionId, uri, lastEventId: primed.id!, get };
}

function updatedUri(data: string): string | undefined {
  const message = JSON.parse(data) as { method?: string; params?: { uri?: string } };
  return message.method === 'notifications/resources/updated' ? message.params?.uri : undefined;
}

/**
 * A tool that raises `resources/updated` and then answers: the answer goes out only once the
 * update is in the event store, so killing the instance (-9, no shutdown code) the moment an
 * answer arrives never loses an update the client was answered about. The client resumes its GET
 * stream on another instance with `Last-Event-ID` and finds the update there, once.
 */
describe('events of an answered call survive a kill -9 right after the answer (child processes, real redis-server)', function () {
  this.timeout(600_000);
  let redis: RedisServer;
  let resumer: ScaleInstance;
  const unhandled = recordUnhandledRejections();

  before(async () => {
    redis = await startRedisServer();
    resumer = await startScaleInstance('resumer', redis.url);
  });
  after(async () => {
    await resumer?.close();
    await redis?.stop();
  });

  /** A call of `touch_note` on `url` for the session's URI: its JSON-RPC answer. */
  type Call = (url: string, session: Watched) => Promise<Record<string, unknown>>;
  const call2025: Call = (url, session) =>
    post(url, session.sessionId, 'tools/call', { name: 'touch_note', arguments: { uri: session.uri } });
  const call2026: Call = async (url, session) => {
    const { status, ...answer } = await post2026(
      url,
      'tools/call',
      { name: 'touch_note', arguments: { uri: session.uri } },
      'touch_note',
      {},
    );
    expect(status, JSON.stringify(answer).slice(0, 300)).to.equal(200);
    return answer;
  };

  it(`${ROUNDS} rounds of ${SESSIONS} concurrent calls (2025, on the sessions): each update whose call was answered is on the stream resumed elsewhere`, async () => {
    await killRounds(ROUNDS, call2025);
  });

  it(`${ROUNDS_2026} rounds of ${SESSIONS} concurrent MCP 2026-07-28 calls (no session): each update whose call was answered is on the stream resumed elsewhere`, async () => {
    await killRounds(ROUNDS_2026, call2026);
  });

  async function killRounds(rounds: number, call: Call): Promise<void> {
    let answeredBeforeKill = 0;
    const env: Record<string, string> =
      process.env.KILL_APPEND_WAIT_MS === undefined ? {} : { APPEND_WAIT_MS: process.env.KILL_APPEND_WAIT_MS };
    const start = (round: number): Promise<ChildInstance> => startChildInstance(`killed-${round}`, redis.url, 30_000, env);
    // The next round's instance starts while this round runs (a process takes seconds to boot).
    let next: Promise<ChildInstance> | undefined = start(0);
    try {
      for (let round = 0; round < rounds; round++) {
        const child: ChildInstance = await next!;
        next = round + 1 < rounds ? start(round + 1) : undefined;
        await killedRound(child, round);
      }
    } finally {
      await next?.then(
        (child) => child.stop(),
        () => undefined,
      );
    }
    expect(answeredBeforeKill).to.be.at.least(rounds);
    expect(resumer.errors).to.deep.equal([]);
    expect(unhandled).to.deep.equal([]);

    async function killedRound(child: ChildInstance, round: number): Promise<void> {
      const readers: SseReader[] = [];
      try {
        const sessions: Watched[] = [];
        for (let s = 0; s < SESSIONS; s++) {
          const watched = await watch(child.url, `notes://r${round}-s${s}`);
          readers.push(watched.get);
          sessions.push(watched);
        }
        // Every session calls at once; the child is killed as soon as the first answer is read.
        const answered = new Set<Watched>();
        let killing: Promise<void> | undefined;
        const calls = sessions.map(async (session) => {
          const answer = await call(child.url, session);
          if (killing === undefined) killing = child.kill9();
          if ('result' in answer) answered.add(session);
        });
        await Promise.allSettled(calls);
        await (killing ?? child.kill9());
        expect(answered.size, 'at least the first call was answered').to.be.greaterThan(0);
        answeredBeforeKill += answered.size;

        for (const session of answered) {
          const resumed = new SseReader(
            await fetch(resumer.http.url, {
              headers: sessionHeaders(session.sessionId, { accept: 'text/event-stream', 'last-event-id': session.lastEventId }),
              signal: AbortSignal.timeout(30_000),
            }),
            {},
          );
          readers.push(resumed);
          expect(resumed.status, `round ${round}: resume`).to.equal(200);
          await resumed
            .until((e) => e.data !== '' && updatedUri(e.data) === session.uri, 5_000)
            .catch(() => {
              throw new Error(`round ${round}: the update of an answered call (${session.uri}) is not on the resumed stream`);
            });
          const updates = resumed.events.filter((e) => e.data !== '' && updatedUri(e.data) === session.uri);
          expect(updates, `round ${round}: once`).to.have.length(1);
          for (const message of resumed.messages)
            expect(checkServerMessage(message, { jsonrpc: '2.0', id: 0, method: 'ping' })).to.deep.equal([]);
        }
      } finally {
        for (const reader of readers) await reader.cancel().catch(() => undefined);
        await child.stop();
      }
    }
  }
});
