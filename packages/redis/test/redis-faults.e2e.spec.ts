import { expect } from 'chai';
import { redisTasks, type RedisTasks } from '../src/redis-tasks';
import { type Instance, post2026, startInstance, untilStatus } from './support/job-app';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { recordUnhandledRejections } from './support/unhandled-rejections';

/** Redis going away and coming back under a serving instance: clear, bounded errors meanwhile; recovery after. */
describe('tasks on Redis: Redis stopped and restarted under a serving instance (real redis-server)', function () {
  this.timeout(40_000);
  let redis: RedisServer;
  let tasks: RedisTasks;
  let instance: Instance;
  const unhandled = recordUnhandledRejections();

  before(async () => {
    redis = await startRedisServer();
    tasks = redisTasks({ url: redis.url, commandTimeoutMs: 1_000 });
    instance = await startInstance('faulty', tasks);
  });
  after(async () => {
    await instance.close();
    await tasks.close();
    await redis.stop();
  });

  it('answers with a clear error within the command timeout while Redis is down, recovers after its restart, and loses no stored task', async () => {
    const before = (await post2026(instance.http.url, 'tools/call', { name: 'job', arguments: { ms: 10 } }, 'job')).result!
      .taskId as string;
    await untilStatus(instance.http.url, before, 'completed');

    await redis.restart(); // down, then up again on the same port with its append-only file
    // Right after the restart the client may still be reconnecting: either an answer or the clear error, never a hang.
    // (A hang would stall this request until the test's timeout.)
    const during = await post2026(instance.http.url, 'tasks/get', { taskId: before }, before);
    if (during.error !== undefined)
      expect(during.error.message).to.match(/task store is unavailable right now \(Redis: .*\); try again in a few seconds/);

    // Recovered: the acknowledged record is still there, and new tasks work.
    const deadline = Date.now() + 10_000;
    let after = await post2026(instance.http.url, 'tasks/get', { taskId: before }, before);
    while (after.error !== undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await post2026(instance.http.url, 'tasks/get', { taskId: before }, before);
    }
    expect(after.result!.status).to.equal('completed');
    const next = (await post2026(instance.http.url, 'tools/call', { name: 'job', arguments: { ms: 10 } }, 'job')).result!.taskId as string;
    await untilStatus(instance.http.url, next, 'completed');
    expect(unhandled).to.deep.equal([]);
  });

  it('while Redis is stopped, a task call gets the clear error (no hang) and the server keeps serving', async () => {
    const stopped = await startRedisServer();
    const offline = redisTasks({ url: stopped.url, commandTimeoutMs: 1_000 });
    const lonely = await startInstance('lonely', offline);
    try {
      await stopped.stop();
      const refused = await post2026(lonely.http.url, 'tools/call', { name: 'confirm', arguments: {} }, 'confirm');
      expect(refused.error?.code, JSON.stringify(refused)).to.equal(-32603);
      expect(refused.error!.message).to.match(/task store is unavailable right now/);
      // Tools that need no task keep working.
      const plain = await post2026(lonely.http.url, 'tools/call', { name: 'job', arguments: { ms: 1 } }, 'job', {});
      expect(plain.result!.content).to.deep.equal([{ type: 'text', text: 'done after 1 ms' }]);
      expect(unhandled).to.deep.equal([]);
    } finally {
      await lonely.close();
      await offline.close();
    }
  });
});
