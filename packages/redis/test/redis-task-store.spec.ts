import { expect } from 'chai';
import { TaskCapacityError } from '@armature/core';
import type { TaskRecord } from '@armature/core/tasks';
import { RedisConnection } from '../src/redis-connection';
import { RedisTaskStore } from '../src/redis-task-store';
import { redisSuite } from './support/redis-server';

function record(n: number, overrides: Partial<TaskRecord> = {}): TaskRecord {
  const now = Date.now();
  return {
    taskId: `t${n}`,
    owner: 'ada',
    sessionId: undefined,
    revision: '2026-07-28',
    toolName: 'job',
    status: 'working',
    createdAt: now,
    lastUpdatedAt: now,
    ttlMs: 60_000,
    pollIntervalMs: 1000,
    ...overrides,
  };
}

describe('RedisTaskStore (a real redis-server)', function () {
  this.timeout(30_000);
  const redis = redisSuite('t');
  let store: RedisTaskStore;
  beforeEach(() => {
    store = new RedisTaskStore(redis.connection);
  });

  it('stores a record and reads it back exactly, result and input requests included; unknown ids are undefined', async () => {
    const created = record(1, { statusMessage: 'starting', sessionId: 's1' });
    await store.create(created, { maxTasks: 10, maxActivePerOwner: 10 });
    expect(await store.get('t1')).to.deep.equal(created);
    const asking = await store.update(
      't1',
      {
        status: 'input_required',
        inputRequests: {
          go: { method: 'elicitation/create', params: { message: 'Go?', requestedSchema: { type: 'object', properties: {} } } },
        },
      },
      created.createdAt + 5,
    );
    expect(asking?.inputRequests?.go?.method).to.equal('elicitation/create');
    expect(asking?.lastUpdatedAt).to.equal(created.createdAt + 5);
    const done = await store.update(
      't1',
      { status: 'completed', result: { content: [], structuredContent: { list: [] } }, inputRequests: undefined },
      created.createdAt + 9,
    );
    expect(done?.result).to.deep.equal({ content: [], structuredContent: { list: [] } });
    expect(done).to.not.have.property('inputRequests');
    expect(await store.get('nope')).to.equal(undefined);
    expect(await store.update('nope', { status: 'cancelled' }, Date.now())).to.equal(undefined);
  });

  it('loads a record an older Armature wrote (an era member instead of revision) as its revision, and keeps changing it', async () => {
    // The hash as the earlier store wrote it: every member JSON text, `era` where `revision` is now.
    const legacy = record(1, { sessionId: 's1' });
    await store.create(legacy, { maxTasks: 10, maxActivePerOwner: 10 });
    const key = `${redis.connection.prefix}task:t1`;
    await redis.connection.run('the test', async (client) => {
      await client.hDel(key, 'revision');
      await client.hSet(key, 'era', JSON.stringify('2025'));
    });
    expect(await store.get('t1')).to.deep.equal({ ...legacy, revision: '2025-11-25' });
    const done = await store.update('t1', { status: 'completed', result: { content: [] } }, legacy.createdAt + 3);
    expect(done).to.deep.include({ revision: '2025-11-25', status: 'completed' });
    expect(done).to.not.have.property('era');
    const page = await store.list('ada', 's1', undefined, 10);
    expect(page.tasks.map((task) => task.revision)).to.deep.equal(['2025-11-25']);
  });

  it('a finished record never changes again', async () => {
    await store.create(record(1), { maxTasks: 10, maxActivePerOwner: 10 });
    await store.update('t1', { status: 'completed', result: { content: [] } }, Date.now());
    const after = await store.update('t1', { status: 'cancelled', statusMessage: 'late' }, Date.now());
    expect(after?.status).to.equal('completed');
    expect(after).to.not.have.property('statusMessage');
  });

  it('holds both caps atomically under 50 concurrent creations from two instances', async () => {
    const otherConnection = new RedisConnection({ url: redis.server.url, keyPrefix: redis.connection.prefix });
    const other = new RedisTaskStore(otherConnection);
    const limits = { maxTasks: 1_000, maxActivePerOwner: 7 };
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        (n % 2 === 0 ? store : other).create(record(n), limits).then(
          () => 'ok',
          (error: unknown) => (error instanceof TaskCapacityError ? 'refused' : String(error)),
        ),
      ),
    );
    await otherConnection.close();
    expect(
      outcomes.filter((o) => o !== 'ok' && o !== 'refused'),
      'unexpected outcomes',
    ).to.deep.equal([]);
    expect(outcomes.filter((o) => o === 'ok')).to.have.length(7);
    expect(outcomes.filter((o) => o === 'refused')).to.have.length(43);
  });

  it('keeps at most maxTasks records: the first finished to expire makes room; none finished: refused', async () => {
    const limits = { maxTasks: 5, maxActivePerOwner: 100 };
    for (let n = 0; n < 5; n += 1) await store.create(record(n), limits);
    let refused: unknown;
    await store.create(record(5), limits).catch((error: unknown) => (refused = error));
    expect((refused as Error).message).to.match(/maximum of 5 tasks/);
    await store.update('t2', { status: 'failed', error: { code: -32603, message: 'x' } }, Date.now());
    await store.create(record(6), limits);
    expect(await store.get('t2')).to.equal(undefined);
    expect(await store.get('t6')).to.not.equal(undefined);
  });

  it("lists a requestor's records oldest first in pages, skipping gone ones; anonymous records per session", async () => {
    const limits = { maxTasks: 100, maxActivePerOwner: 100 };
    const base = Date.now();
    for (let n = 0; n < 5; n += 1) await store.create(record(n, { createdAt: base + n }), limits);
    await store.create(record(10, { owner: '', sessionId: 's1' }), limits);
    await store.create(record(11, { owner: '', sessionId: 's2' }), limits);
    const first = await store.list('ada', undefined, undefined, 2);
    expect(first.tasks.map((t) => t.taskId)).to.deep.equal(['t0', 't1']);
    const second = await store.list('ada', undefined, first.nextCursor, 2);
    expect(second.tasks.map((t) => t.taskId)).to.deep.equal(['t2', 't3']);
    const third = await store.list('ada', undefined, second.nextCursor, 2);
    expect(third).to.deep.equal({ tasks: [await store.get('t4')] });
    expect((await store.list('', 's1', undefined, 10)).tasks.map((t) => t.taskId)).to.deep.equal(['t10']);
    let bad: unknown;
    await store.list('ada', undefined, 'no-such-cursor', 2).catch((error: unknown) => (bad = error));
    expect((bad as { code?: number }).code).to.equal(-32602);
  });

  it('a record past its retention is gone (Redis expires it) and sweep reports its id once', async () => {
    await store.create(record(1, { ttlMs: 150 }), { maxTasks: 10, maxActivePerOwner: 10 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await store.get('t1')).to.equal(undefined);
    expect(await store.sweep(Date.now())).to.deep.equal(['t1']);
    expect(await store.sweep(Date.now())).to.deep.equal([]);
  });
});
