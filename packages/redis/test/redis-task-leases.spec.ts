import { expect } from 'chai';
import { TaskCapacityError } from '@armature/core';
import type { TaskPatch, TaskRecord } from '@armature/core/tasks';
import { RedisConnection } from '../src/redis-connection';
import { RedisTaskStore } from '../src/redis-task-store';
import { redisSuite } from './support/redis-server';

const FAILED: TaskPatch = {
  status: 'failed',
  statusMessage: 'lapsed',
  error: { code: -32603, message: 'lapsed' },
  inputRequests: undefined,
};
const AT_ONE = { maxTasks: 100, maxActivePerOwner: 1 };

function record(taskId: string, runner: string, leaseExpiresAt: number, overrides: Partial<TaskRecord> = {}): TaskRecord {
  const now = Date.now();
  return {
    taskId,
    owner: 'ada',
    sessionId: undefined,
    revision: '2026-07-28',
    toolName: 'job',
    status: 'working',
    createdAt: now,
    lastUpdatedAt: now,
    ttlMs: 60_000,
    pollIntervalMs: 1000,
    runner,
    leaseExpiresAt,
    ...overrides,
  };
}

describe('RedisTaskStore: leases (a real redis-server)', function () {
  this.timeout(30_000);
  const redis = redisSuite('lease');
  let store: RedisTaskStore;
  beforeEach(() => {
    store = new RedisTaskStore(redis.connection);
  });

  it('instances racing to fail a lapsed task change it exactly once; the slot is freed', async () => {
    const now = Date.now();
    await store.create(
      record('t1', 'a', now - 1, { inputRequests: { go: { method: 'elicitation/create', params: {} } }, status: 'input_required' }),
      AT_ONE,
    );
    await store.create(record('t2', 'a', now + 60_000, { owner: 'bob' }), AT_ONE);
    await store.create(record('held', 'b', now - 1, { owner: 'cy' }), AT_ONE);
    // Eight instances, each on its own connection, check at once (none of them "b").
    const connections = Array.from({ length: 8 }, () => new RedisConnection({ url: redis.server.url, keyPrefix: redis.connection.prefix }));
    try {
      const results = await Promise.all(
        connections.map((connection, i) => new RedisTaskStore(connection).failLapsed(now, i === 0 ? 'b' : `other-${i}`, FAILED)),
      );
      const changed = results.flat();
      // Each lapsed task changed once over all of them ('held' by one of those that are not its runner).
      expect(changed.map((r) => r.taskId).sort()).to.deep.equal(['held', 't1']);
      const t1 = changed.find((r) => r.taskId === 't1')!;
      expect(t1).to.include({ status: 'failed', statusMessage: 'lapsed', runner: 'a' });
      expect(t1.error).to.deep.equal({ code: -32603, message: 'lapsed' });
      expect(t1).to.not.have.property('inputRequests');
    } finally {
      for (const connection of connections) await connection.close();
    }
    expect((await store.get('t2'))?.status).to.equal('working');
    // ada's one slot is free again: a new task is accepted; bob's (still leased) is not.
    await store.create(record('t3', 'b', Date.now() + 60_000), AT_ONE);
    let refused: unknown;
    await store.create(record('t4', 'b', Date.now() + 60_000, { owner: 'bob' }), AT_ONE).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(TaskCapacityError);
  });

  it("never fails the checking runner's own task, nor one that finished before the check", async () => {
    const now = Date.now();
    await store.create(record('own', 'a', now - 1), { maxTasks: 100, maxActivePerOwner: 10 });
    await store.create(record('done', 'b', now - 1), { maxTasks: 100, maxActivePerOwner: 10 });
    await store.update('done', { status: 'completed', result: { content: [] } }, now);
    expect(await store.failLapsed(now, 'a', FAILED)).to.deep.equal([]);
    expect((await store.get('own'))?.status).to.equal('working');
    expect((await store.get('done'))?.status).to.equal('completed');
    // A finished task's outcome stays: a late update from its runner changes nothing either.
    expect((await store.update('done', { status: 'failed' }, now + 1))?.status).to.equal('completed');
  });

  it("renews its runner's unfinished tasks (then not lapsed) and names the ones it did not", async () => {
    const now = Date.now();
    const limits = { maxTasks: 100, maxActivePerOwner: 10 };
    await store.create(record('mine', 'a', now - 1), limits);
    await store.create(record('theirs', 'b', now - 1), limits);
    await store.create(record('ended', 'a', now - 1), limits);
    await store.update('ended', { status: 'cancelled' }, now);
    expect(await store.renew(['mine', 'theirs', 'ended', 'gone'], 'a', now + 60_000)).to.deep.equal(['theirs', 'ended', 'gone']);
    expect((await store.get('mine'))?.leaseExpiresAt).to.equal(now + 60_000);
    const lapsed = await store.failLapsed(now, 'c', FAILED);
    expect(lapsed.map((r) => r.taskId)).to.deep.equal(['theirs']);
  });
});
