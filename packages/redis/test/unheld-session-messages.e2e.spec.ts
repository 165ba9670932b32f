import { expect } from 'chai';
import { Armature } from '@armature/core';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { checkServerMessage } from '@armature/testing';
import { type ChildInstance, startChildInstance } from './support/child-instance';
import { isRequestFor, SseReader } from './support/http-peers';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { until } from './support/router';
import { INSTANCE, ScaleModule, type ScaleInstance, startScaleInstance } from './support/scale-app';
import { StreamTap } from './support/stream-tap';
import { connectTaskClient, type SdkName, type TaskClient } from './support/task-clients';

/** Any 2025 request: what the GET stream's messages are checked against (the 2025-11-25 schema). */
const A_2025_REQUEST = { jsonrpc: '2.0', id: 0, method: 'ping' };
const LAPSED = 'The instance running this task stopped before the task finished';
const SHORT = { leaseMs: 1_500, leaseRenewMs: 300 };
const SHORT_ENV = { TASK_LEASE_MS: '1500', TASK_LEASE_RENEW_MS: '300' };
const SDKS: readonly SdkName[] = ['sdk-v1', 'sdk-v2'];

const methodOf = (message: unknown): string | undefined => (message as { method?: string }).method;
const toolOf = (body: unknown): string | undefined => (body as { params?: { name?: string } } | undefined)?.params?.name;
const statusOf = (message: unknown): { taskId?: string; status?: string; statusMessage?: string } =>
  (message as { params?: { taskId?: string; status?: string; statusMessage?: string } }).params ?? {};

/** The events (id and message) of the one session's GET stream as Redis holds them, in order. */
async function storedGetStream(instance: ScaleInstance): Promise<{ id: string; message: Record<string, unknown> }[]> {
  return instance.scale.connection.run('test', async (client) => {
    const keys = await client.keys(`${instance.scale.connection.prefix}events:*.0`);
    if (keys.length !== 1) return [];
    const streamId = keys[0]!.slice(`${instance.scale.connection.prefix}events:`.length);
    const entries = await client.xRange(keys[0]!, '-', '+');
    return (entries ?? [])
      .filter((entry) => typeof entry.message.m === 'string')
      .map((entry) => ({ id: `${streamId}_${entry.id}`, message: JSON.parse(entry.message.m!) as Record<string, unknown> }));
  });
}

/** Every message the client's GET streams carried is valid 2025-11-25 and came once, with an id. */
function expectCleanStream(tap: StreamTap): void {
  const ids = tap.events.map((e) => e.id);
  expect(ids.every((id) => id !== undefined)).to.equal(true);
  expect(new Set(ids).size, 'no event id twice').to.equal(ids.length);
  for (const { message } of tap.events) expect(checkServerMessage(message, A_2025_REQUEST)).to.deep.equal([]);
}

/**
 * Messages addressed to a 2025 session while no instance holds its GET stream — log messages
 * (after `logging/setLevel`), task statuses (a task's own, and the `failed` of a task whose
 * instance was killed), a task's server→client request — are appended to the session's stream
 * in the event store, and a client that resumes with `Last-Event-ID` gets each once, in the
 * store's order; the answer to the request, POSTed to another instance, reaches the handler.
 */
describe('session messages while no instance holds the GET stream', function () {
  this.timeout(60_000);

  describe('in memory (one process, the default stores)', () => {
    let app: Armature | undefined;
    let http: HttpListenHandle | undefined;
    let client: TaskClient | undefined;
    afterEach(async () => {
      await client?.close().catch(() => undefined);
      await app?.close({ drainMs: 0 });
      await http?.close(0);
      app = http = client = undefined;
    });

    for (const sdk of SDKS) {
      it(`${sdk}: a task's logs (by level), its question and its statuses raised while the GET stream is cut are replayed on resume, each once, no gap`, async () => {
        app = await Armature.create(ScaleModule, {
          name: 'solo',
          version: '1.0.0',
          manifest: { armature: 1, handlers: {} },
          overrides: [{ provide: INSTANCE, useValue: 'solo' }],
          logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
        });
        http = await listenHttp(app, { port: 0 });
        const url = http.url;
        const tap = new StreamTap(() => url);
        client = await connectTaskClient(sdk, url, tap.fetch);
        await until('the GET stream', () => tap.openGets === 1);
        await client.setLevel('warning');

        tap.cutGets();
        const asking = await client.createTask('ask_in_task', {});
        // Nobody listens: the log, the question and the input_required status wait in the store.
        await until('the task asks', async () => (await client!.taskStatus(asking)) === 'input_required');
        expect(client.asked).to.deep.equal([]);
        tap.releaseGets();
        await until('the task completed', () => client!.statuses.some((s) => s.taskId === asking && s.status === 'completed'));
        expect(await client.taskResult(asking)).to.equal('confirmed on solo');

        expect(client.logs).to.deep.equal(['error from solo']);
        expect(client.asked).to.deep.equal(['Go on?']);
        expectCleanStream(tap);
        // In-memory ids are `<stream>_<n>`: consecutive numbers are a stream with no gap.
        const numbers = tap.events.map((e) => Number(e.id!.slice(e.id!.lastIndexOf('_') + 1)));
        expect(numbers).to.deep.equal(numbers.map((_, i) => numbers[0]! + i));
        // The resumption named the last event the client had.
        const resumed = tap.lastEventIds.slice(1).find((id) => id !== null);
        expect(resumed).to.be.a('string');
      });
    }
  });

  describe('the wait for an answer is bounded (clientAnswerTimeoutMs)', () => {
    let app: Armature | undefined;
    let http: HttpListenHandle | undefined;
    let client: TaskClient | undefined;
    afterEach(async () => {
      await client?.close().catch(() => undefined);
      await app?.close({ drainMs: 0 });
      await http?.close(0);
      app = http = client = undefined;
    });

    it('sdk-v1: a question nobody answers in time fails the asking handler with a clear error; the client, back later, is told it was cancelled', async () => {
      app = await Armature.create(ScaleModule, {
        name: 'solo',
        version: '1.0.0',
        manifest: { armature: 1, handlers: {} },
        overrides: [{ provide: INSTANCE, useValue: 'solo' }],
        logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
      });
      http = await listenHttp(app, { port: 0, clientAnswerTimeoutMs: 300 });
      const url = http.url;
      const tap = new StreamTap(() => url);
      client = await connectTaskClient('sdk-v1', url, tap.fetch);
      await until('the GET stream', () => tap.openGets === 1);
      tap.cutGets();
      const asking = await client.createTask('ask_in_task', {});
      await until('the task ends', async () => !['working', 'input_required'].includes(await client!.taskStatus(asking)));
      const result = await client.taskResult(asking);
      expect(result).to.contain('No answer from the client to elicitation/create within 300 ms');

      tap.releaseGets();
      await until('the replay', () => tap.events.some((e) => methodOf(e.message) === 'notifications/cancelled'));
      const question = tap.events.find((e) => methodOf(e.message) === 'elicitation/create')!.message as { id: unknown };
      const cancelled = tap.events.find((e) => methodOf(e.message) === 'notifications/cancelled')!.message as {
        params: { requestId: unknown };
      };
      expect(cancelled.params.requestId).to.equal(question.id);
      expectCleanStream(tap);
    });
  });

  describe('on Redis (real redis-server; the instance holding the stream and running a task killed -9, then started again)', () => {
    let redis: RedisServer;
    const children: ChildInstance[] = [];
    const instances: ScaleInstance[] = [];
    let client: TaskClient | undefined;

    beforeEach(async () => {
      redis = await startRedisServer();
    });
    afterEach(async () => {
      await client?.close().catch(() => undefined);
      client = undefined;
      for (const child of children.splice(0)) await child.stop();
      for (const instance of instances.splice(0)) await instance.close();
      await redis?.stop();
    });

    for (const sdk of SDKS) {
      it(`${sdk}: log, question and the lapsed task's failed status are stored while unheld; resumed on the restarted instance, each once, no gap; the answer reaches the asker`, async () => {
        const a = await startChildInstance('instance-a', redis.url, 15_000, SHORT_ENV);
        children.push(a);
        const b = await startScaleInstance('instance-b', redis.url, { tasks: SHORT });
        const c = await startScaleInstance('instance-c', redis.url, { tasks: SHORT });
        instances.push(b, c);
        // The session opens on A, which holds its GET stream and runs `steps`; `ask_in_task` runs on
        // B; C polls the tasks (so it watches their leases). A is killed: nobody holds the stream
        // when C fails the lapsed task. The client comes back on A started again.
        let home = a.url;
        const tap = new StreamTap((method, body) => {
          if (method === 'POST' && isRequestFor(body, 'tools/call') && toolOf(body) === 'ask_in_task') return b.http.url;
          if (method === 'POST' && isRequestFor(body, 'tasks/get')) return c.http.url;
          return home;
        });
        client = await connectTaskClient(sdk, a.url, tap.fetch);
        await until('the GET stream on A', () => tap.openGets === 1);
        await client.setLevel('warning');
        const steps = await client.createTask('steps', { n: 400, ms: 100 });
        expect(await client.taskStatus(steps)).to.equal('working');

        tap.cutGets();
        const asking = await client.createTask('ask_in_task', {});
        await until('the question stored', async () =>
          (await storedGetStream(b)).some((e) => methodOf(e.message) === 'elicitation/create'),
        );
        await a.kill9();
        const failed = (e: { message: unknown }): boolean =>
          methodOf(e.message) === 'notifications/tasks/status' &&
          statusOf(e.message).taskId === steps &&
          statusOf(e.message).status === 'failed';
        // Lease (1.5 s) + lapse check + room for a slow machine.
        await until('the lapsed task failed in the store', async () => (await storedGetStream(b)).some(failed), 20_000);
        expect(client.statuses.some((s) => s.taskId === steps && s.status === 'failed')).to.equal(false);

        const again = await startChildInstance('instance-a-again', redis.url, 15_000, SHORT_ENV);
        children.push(again);
        home = again.url;
        tap.releaseGets();
        await until(
          'the asked task completed',
          () => client!.statuses.some((s) => s.taskId === asking && s.status === 'completed'),
          20_000,
        );
        expect(await client.taskResult(asking)).to.equal('confirmed on instance-b');

        const stored = await storedGetStream(b);
        await until('every stored event reached the client', () => tap.events.length >= stored.length);
        // Exactly the store's stream, in its order: nothing lost, nothing twice.
        expect(tap.events.map((e) => e.id)).to.deep.equal(stored.map((e) => e.id));
        expect(stored.filter(failed)).to.have.length(1);
        expect(client.statuses.filter((s) => s.taskId === steps && s.status === 'failed').map((s) => s.statusMessage)).to.deep.equal([
          LAPSED,
        ]);
        expect(client.logs).to.deep.equal(['error from instance-b']);
        expect(client.asked).to.deep.equal(['Go on?']);
        expectCleanStream(tap);
        expect(tap.lastEventIds.filter((id) => id !== null).length).to.be.greaterThan(0);
      });
    }

    it('2026 subscriptions/listen streams stay non-resumable (as the 2026-07-28 revision says): no event ids, nothing stored, a Last-Event-ID gets no replay', async () => {
      const a = await startScaleInstance('instance-a', redis.url);
      instances.push(a);
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'subscriptions/listen',
      };
      const body = {
        jsonrpc: '2.0',
        id: 'listen-1',
        method: 'subscriptions/listen',
        params: {
          notifications: { resourceSubscriptions: ['notes://9'] },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
          },
        },
      };
      const listen = new SseReader(await fetch(a.http.url, { method: 'POST', headers, body: JSON.stringify(body) }), body);
      try {
        await listen.until((e) => e.data.includes('notifications/subscriptions/acknowledged'));
        a.app.resources.notifyUpdated('notes://9');
        a.app.resources.notifyUpdated('notes://9');
        await listen.untilCount((e) => e.data.includes('notifications/resources/updated'), 2);
        expect(listen.events.every((e) => e.id === undefined)).to.equal(true);
        expect(listen.violations).to.deep.equal([]);
      } finally {
        await listen.cancel();
      }
      const stored = await a.scale.connection.run('test', (client) => client.keys(`${a.scale.connection.prefix}events:*`));
      expect(stored).to.deep.equal([]);
      // No stream of the listen can be named: a 2026 GET with a Last-Event-ID replays nothing.
      const resumed = await fetch(a.http.url, {
        headers: { accept: 'text/event-stream', 'mcp-protocol-version': '2026-07-28', 'last-event-id': 'listen-1_1' },
      });
      const text = await resumed.text();
      expect(resumed.status).to.be.within(400, 499);
      expect(text).to.not.contain('notifications/resources/updated');
    });
  });
});
