import { expect } from 'chai';
import { InMemoryTaskStore } from '../../src/tasks/in-memory-task-store';
import { TaskCapacityError, type TaskRecord } from '../../src/tasks/task-model';

function record(n: number, overrides: Partial<TaskRecord> = {}): TaskRecord {
  return {
    taskId: `t${n}`,
    owner: 'ada',
    sessionId: undefined,
    revision: '2026-07-28',
    toolName: 'job',
    status: 'working',
    createdAt: 1_000 + n,
    lastUpdatedAt: 1_000 + n,
    ttlMs: 1e13,
    pollIntervalMs: 1000,
    ...overrides,
  };
}

describe('InMemoryTaskStore: bounded under a flood of task creations', () => {
  const limits = { maxTasks: 100, maxActivePerOwner: 10_000 };

  it('keeps at most maxTasks records: the oldest finished one makes room, and when none is finished creation is refused', async () => {
    const store = new InMemoryTaskStore();
    for (let n = 0; n < 100; n += 1) await store.create(record(n), limits);
    // Nothing finished yet: the 101st is refused with a message a client can act on.
    let refused: unknown;
    await store.create(record(100), limits).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(TaskCapacityError);
    expect((refused as Error).message).to.match(/maximum of 100 tasks/);
    // Finish half of them; a flood of 1,000 more creations keeps the store at 100 records, newest kept.
    for (let n = 0; n < 50; n += 1) await store.update(`t${n}`, { status: 'completed', result: { content: [] } }, 2_000);
    let created = 0;
    for (let n = 1_000; n < 2_000; n += 1) {
      await store.create(record(n, { status: 'completed' }), limits).then(
        () => (created += 1),
        () => undefined,
      );
    }
    expect(store.size).to.equal(100);
    expect(created).to.equal(1_000);
    expect(await store.get('t1999')).to.not.equal(undefined);
    // The unfinished ones were never evicted.
    expect(await store.get('t99')).to.not.equal(undefined);
    expect(await store.get('t0')).to.equal(undefined);
  });

  it('counts unfinished tasks per principal (per session without authentication), not finished ones', async () => {
    const store = new InMemoryTaskStore();
    const perOwner = { maxTasks: 1_000, maxActivePerOwner: 3 };
    for (let n = 0; n < 3; n += 1) await store.create(record(n), perOwner);
    await store.create(record(3), perOwner).then(
      () => expect.fail('a fourth unfinished task was accepted'),
      (error: unknown) => expect(error).to.be.instanceOf(TaskCapacityError),
    );
    await store.create(record(4, { owner: 'bob' }), perOwner);
    await store.update('t0', { status: 'cancelled' }, 2_000);
    await store.create(record(5), perOwner);
    // Anonymous: each 2025 session has its own count.
    for (let n = 10; n < 13; n += 1) await store.create(record(n, { owner: '', sessionId: 's1' }), perOwner);
    await store.create(record(13, { owner: '', sessionId: 's2' }), perOwner);
  });

  it('a record past its retention is gone for get and list, and sweep drops it', async () => {
    const store = new InMemoryTaskStore();
    await store.create(record(1, { createdAt: Date.now() - 10_000, ttlMs: 5_000 }), limits);
    await store.create(record(2, { createdAt: Date.now(), ttlMs: 60_000 }), limits);
    expect((await store.list('ada', undefined, undefined, 10)).tasks.map((t) => t.taskId)).to.deep.equal(['t2']);
    expect(await store.sweep(Date.now())).to.deep.equal(['t1']);
    expect(await store.get('t1')).to.equal(undefined);
    expect(store.size).to.equal(1);
  });
});
