import { expect } from 'chai';
import type { Armature } from '../../src/app/armature.app';
import { META } from '../../src/kernel/mcp-2026';
import { LAPSED_MESSAGE } from '../../src/task-runtime/task-leases';
import { InMemoryTaskStore } from '../../src/tasks/in-memory-task-store';
import { TASKS_EXTENSION, type TaskPatch, type TaskRecord } from '../../src/tasks/task-model';
import type { TaskStore } from '../../src/tasks/task-store';
import { waitUntil } from '../support/wait';
import { type Msg, Peer2026, with2026 } from '../kernel/support/peer-2026';
import { createTaskApp, pause, seen } from './task-app';

const TASKS = { extensions: { [TASKS_EXTENSION]: {} } };
const FAILED: TaskPatch = { status: 'failed', statusMessage: 'lapsed', error: { code: -32603, message: 'lapsed' } };
const LIMITS = { maxTasks: 100, maxActivePerOwner: 1 };

function record(taskId: string, runner: string, leaseExpiresAt: number): TaskRecord {
  return {
    taskId,
    owner: 'ada',
    sessionId: undefined,
    revision: '2026-07-28',
    toolName: 'job',
    status: 'working',
    createdAt: 1_000,
    lastUpdatedAt: 1_000,
    ttlMs: 1e13,
    pollIntervalMs: 1_000,
    runner,
    leaseExpiresAt,
  };
}

describe('InMemoryTaskStore: leases', () => {
  it('fails an unfinished task once its lease has lapsed, once, and frees its active slot', async () => {
    const store = new InMemoryTaskStore();
    await store.create(record('t1', 'a', 5_000), LIMITS);
    expect(await store.failLapsed(4_999, 'b', FAILED)).to.deep.equal([]);
    // The runner itself never fails its own task (it still runs it, however late its renewal is).
    expect(await store.failLapsed(9_000, 'a', FAILED)).to.deep.equal([]);
    const [failed, ...more] = await store.failLapsed(5_000, 'b', FAILED);
    expect(more).to.deep.equal([]);
    expect(failed).to.include({ taskId: 't1', status: 'failed', statusMessage: 'lapsed', lastUpdatedAt: 5_000 });
    expect(await store.failLapsed(6_000, 'c', FAILED)).to.deep.equal([]);
    expect((await store.get('t1'))?.status).to.equal('failed');
    // The owner's one slot is free again.
    await store.create(record('t2', 'b', 20_000), LIMITS);
  });

  it('leaves a task that finished before the check as it finished', async () => {
    const store = new InMemoryTaskStore();
    await store.create(record('t1', 'a', 5_000), LIMITS);
    await store.update('t1', { status: 'completed', result: { content: [] } }, 4_000);
    expect(await store.failLapsed(6_000, 'b', FAILED)).to.deep.equal([]);
    expect((await store.get('t1'))?.status).to.equal('completed');
  });

  it("renews its runner's unfinished tasks and names the others (another runner's, finished, unknown)", async () => {
    const store = new InMemoryTaskStore();
    await store.create(record('mine', 'a', 5_000), { maxTasks: 100, maxActivePerOwner: 10 });
    await store.create(record('theirs', 'b', 5_000), { maxTasks: 100, maxActivePerOwner: 10 });
    await store.create(record('done', 'a', 5_000), { maxTasks: 100, maxActivePerOwner: 10 });
    await store.update('done', { status: 'cancelled' }, 2_000);
    expect(await store.renew(['mine', 'theirs', 'done', 'gone'], 'a', 50_000)).to.deep.equal(['theirs', 'done', 'gone']);
    expect((await store.get('mine'))?.leaseExpiresAt).to.equal(50_000);
    // Renewed past the check: not lapsed.
    const lapsed = await store.failLapsed(10_000, 'c', FAILED);
    expect(lapsed.map((r) => r.taskId)).to.deep.equal(['theirs']);
  });
});

/** A store as one instance reaches it: `cutOff` makes every call fail, as when that instance loses the store. */
class Reach implements TaskStore {
  cutOff = false;
  constructor(private readonly store: TaskStore) {}
  private through<T>(call: () => Promise<T>): Promise<T> {
    return this.cutOff ? Promise.reject(new Error('the task store is unreachable from this instance')) : call();
  }
  create: TaskStore['create'] = (...a) => this.through(() => this.store.create(...a));
  get: TaskStore['get'] = (...a) => this.through(() => this.store.get(...a));
  update: TaskStore['update'] = (...a) => this.through(() => this.store.update(...a));
  list: TaskStore['list'] = (...a) => this.through(() => this.store.list(...a));
  sweep: TaskStore['sweep'] = (...a) => this.through(() => this.store.sweep(...a));
  renew: TaskStore['renew'] = (...a) => this.through(() => this.store.renew(...a));
  failLapsed: TaskStore['failLapsed'] = (...a) => this.through(() => this.store.failLapsed(...a));
}

describe('task leases: two instances on one store (2026 peers, every message schema-checked)', () => {
  const lease = { leaseMs: 300, leaseRenewMs: 100, maxActivePerOwner: 1 };
  let shared: InMemoryTaskStore;
  let reachA: Reach;
  let a: Armature;
  let b: Armature;
  let peerA: Peer2026;
  let peerB: Peer2026;
  let id = 0;
  const next = (): number => (id += 1);

  beforeEach(async () => {
    shared = new InMemoryTaskStore();
    reachA = new Reach(shared);
    a = await createTaskApp({ tasks: { store: reachA, ...lease } });
    b = await createTaskApp({ tasks: { store: shared, ...lease } });
    peerA = await Peer2026.open(a);
    peerB = await Peer2026.open(b);
  });
  afterEach(async () => {
    reachA.cutOff = false;
    await peerA.close();
    await peerB.close();
    await a.close({ drainMs: 0 });
    await b.close({ drainMs: 0 });
  });

  async function status(taskId: string): Promise<Msg> {
    return peerB.request('tasks/get', { taskId }, next(), { caps: TASKS });
  }

  it('a task whose instance is renewing is never failed by the other, however long it runs', async () => {
    const taskId = (await peerA.call('sleepy', { ms: 1_200 }, next(), { caps: TASKS })).result!.taskId as string;
    let last: Msg | undefined;
    for (let i = 0; i < 200 && last?.result?.status !== 'completed'; i += 1) {
      last = await status(taskId);
      expect(last.result!.status, JSON.stringify(last)).to.be.oneOf(['working', 'completed']);
      if (last.result!.status !== 'completed') await pause(50);
    }
    expect(last?.result?.status).to.equal('completed');
  });

  it('the instance running a task stops renewing: the other fails it (status message, error), its listen stream hears it, the slot is free; the runner stops the work and cannot overwrite the outcome', async () => {
    const taskId = (await peerA.call('sleepy', { ms: 3_000 }, next(), { caps: TASKS })).result!.taskId as string;
    // At the cap (one active task for this principal): B refuses to make another task and runs the call as an ordinary one.
    const atCap = await peerB.call('sleepy', { ms: 1 }, next(), { caps: TASKS });
    expect(atCap.result!.resultType).to.not.equal('task');
    const from = peerB.received.length;
    await peerB.start('subscriptions/listen', with2026({ notifications: { taskIds: [taskId] } }, { caps: TASKS }), 'listen-1');
    await peerB.next((m) => m.method === 'notifications/subscriptions/acknowledged', 'the listen ack', from);
    reachA.cutOff = true;

    const heard = await peerB.next(
      (m) => m.method === 'notifications/tasks' && m.params?.taskId === taskId,
      'notifications/tasks for the lapsed task',
      from,
      5_000,
    );
    expect(heard.params).to.include({ status: 'failed', statusMessage: LAPSED_MESSAGE });
    expect(heard.params!.error).to.deep.equal({ code: -32603, message: LAPSED_MESSAGE });
    expect(heard.params!._meta).to.deep.equal({ [META.subscriptionId]: 'listen-1' });
    const got = await status(taskId);
    expect(got.result).to.include({ status: 'failed', statusMessage: LAPSED_MESSAGE });

    // The slot is free: the same principal gets a task again.
    const again = await peerB.call('sleepy', { ms: 1 }, next(), { caps: TASKS });
    expect(again.result!.resultType).to.equal('task');

    // A reaches the store again: its next renewal learns the task is no longer its, and the work stops.
    reachA.cutOff = false;
    await waitUntil(() => seen.aborted.includes('sleepy'), 'the handler on A to see its signal abort', 5_000);
    await pause(150);
    expect((await status(taskId)).result).to.include({ status: 'failed', statusMessage: LAPSED_MESSAGE });
    await peerB.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'listen-1' } });
  });
});

describe('task lease options', () => {
  for (const [tasks, message] of [
    [{ leaseMs: 0 }, /"tasks.leaseMs" must be a positive integer/],
    [{ leaseRenewMs: 1.5 }, /"tasks.leaseRenewMs" must be a positive integer/],
    [{ leaseMs: 1_000, leaseRenewMs: 1_000 }, /"tasks.leaseRenewMs" must be less than "tasks.leaseMs"/],
    [{ leaseMs: 4_000 }, /"tasks.leaseRenewMs" must be less than "tasks.leaseMs"/],
  ] as const) {
    it(`refuses ${JSON.stringify(tasks)}`, async () => {
      const error = await createTaskApp({ tasks }).then(
        (app) => app.close().then(() => undefined),
        (thrown: unknown) => thrown,
      );
      expect(String(error)).to.match(message);
    });
  }
});
