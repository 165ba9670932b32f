import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { redisTasks, type RedisTasks } from '../src/redis-tasks';
import { type Instance, post2026, seen, startInstance, untilStatus } from './support/job-app';
import { type RedisServer, startRedisServer } from './support/redis-server';

/**
 * Two Armature instances on one real Redis, each with its own connection (as two processes
 * would have): a task started on A is read, answered and cancelled through B.
 */
describe('tasks across instances on Redis (two apps, real redis-server, Streamable HTTP)', function () {
  this.timeout(30_000);
  let redis: RedisServer;
  const shared: RedisTasks[] = [];
  let a: Instance;
  let b: Instance;

  before(async () => {
    redis = await startRedisServer();
    shared.push(redisTasks({ url: redis.url }), redisTasks({ url: redis.url }));
    a = await startInstance('instance-a', shared[0]!);
    b = await startInstance('instance-b', shared[1]!);
  });
  after(async () => {
    await a.close();
    await b.close();
    for (const tasks of shared) await tasks.close();
    await redis.stop();
  });

  it('2026: a task created on A is polled to completion on B', async () => {
    const created = await post2026(a.http.url, 'tools/call', { name: 'job', arguments: { ms: 100 } }, 'job');
    const taskId = created.result!.taskId as string;
    expect((await post2026(b.http.url, 'tasks/get', { taskId }, taskId)).result!.taskId).to.equal(taskId);
    const done = await untilStatus(b.http.url, taskId, 'completed');
    expect(done.result!.result).to.deep.equal({ content: [{ type: 'text', text: 'done after 100 ms' }] });
  });

  it('2026: cancelled on B, the task is cancelled at once and its handler on A stops', async () => {
    const taskId = (await post2026(a.http.url, 'tools/call', { name: 'job', arguments: { ms: 60_000, label: 'cross-cancel' } }, 'job'))
      .result!.taskId as string;
    const ack = await post2026(b.http.url, 'tasks/cancel', { taskId }, taskId);
    expect(ack.result!.resultType).to.equal('complete');
    expect((await post2026(a.http.url, 'tasks/get', { taskId }, taskId)).result!.status).to.equal('cancelled');
    const deadline = Date.now() + 5_000;
    while (!seen.aborted.includes('cross-cancel') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.aborted).to.include('cross-cancel');
  });

  it("2026: a question of a task running on A is answered through B; B's next tasks/get already shows it", async () => {
    const taskId = (await post2026(a.http.url, 'tools/call', { name: 'confirm', arguments: {} }, 'confirm')).result!.taskId as string;
    const waiting = await untilStatus(b.http.url, taskId, 'input_required');
    expect(Object.keys(waiting.result!.inputRequests as object)).to.deep.equal(['go']);
    const ack = await post2026(
      b.http.url,
      'tasks/update',
      { taskId, inputResponses: { go: { action: 'accept', content: { confirm: true } } } },
      taskId,
    );
    expect(ack.result!.resultType).to.equal('complete');
    expect((await post2026(b.http.url, 'tasks/get', { taskId }, taskId)).result!).to.not.have.property('inputRequests');
    const done = await untilStatus(b.http.url, taskId, 'completed');
    expect(done.result!.result).to.deep.equal({ content: [{ type: 'text', text: 'confirmed' }] });
  });

  it('2025: a task created through A by the SDK v1 client is read to its result through B', async () => {
    const onA = new Client({ name: 'on-a', version: '1.0.0' });
    await onA.connect(new StreamableHTTPClientTransport(new URL(a.http.url)));
    const { task } = await onA.request(
      { method: 'tools/call', params: { name: 'job', arguments: { ms: 200 }, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
    await onA.close();
    const onB = new Client({ name: 'on-b', version: '1.0.0' });
    await onB.connect(new StreamableHTTPClientTransport(new URL(b.http.url)));
    try {
      // B does not run it: tasks/result waits by reading the shared store.
      const result = await onB.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      expect(result.content).to.deep.equal([{ type: 'text', text: 'done after 200 ms' }]);
    } finally {
      await onB.close();
    }
  });
});
