import { expect } from 'chai';
import { checkServerMessage } from '@armature/testing';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { until } from './support/router';
import { type ScaleInstance, startScaleInstance, tellTasks } from './support/scale-app';
import { StreamTap } from './support/stream-tap';
import { connectTaskClient, type SdkName, type TaskClient } from './support/task-clients';

/** Any 2025 request: what the GET stream's messages are checked against (the 2025-11-25 schema). */
const A_2025_REQUEST = { jsonrpc: '2.0', id: 0, method: 'ping' };
const SDKS: readonly SdkName[] = ['sdk-v1', 'sdk-v2'];
const SHUT_DOWN = 'The server shut down before the task finished';

/** Every message the client's GET streams carried is valid 2025-11-25 and came once, with an id. */
function expectCleanStream(tap: StreamTap): void {
  const ids = tap.events.map((e) => e.id);
  expect(ids.every((id) => id !== undefined)).to.equal(true);
  expect(new Set(ids).size, 'no event id twice').to.equal(ids.length);
  for (const { message } of tap.events) expect(checkServerMessage(message, A_2025_REQUEST)).to.deep.equal([]);
}

/**
 * A 2025 task outlives its session's copy on the instance running it: once that copy has closed
 * (it idled out there, or the instance is shutting down), the task's log messages and status
 * notifications go to the session by its id — appended to its stream in the event store — and
 * reach the client's GET stream wherever it is held, each once. On a graceful shutdown the
 * task is cancelled, and its cancelled status stored and told, before the session copies end.
 */
describe("a 2025 task's messages after its session's copy here closed (real redis-server)", function () {
  this.timeout(60_000);
  let redis: RedisServer;
  const instances: ScaleInstance[] = [];
  let client: TaskClient | undefined;

  beforeEach(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    await client?.close().catch(() => undefined);
    client = undefined;
    for (const instance of instances.splice(0)) await instance.close();
    await redis?.stop();
  });

  for (const sdk of SDKS) {
    it(`${sdk}: the copy running the task idles out; the task's log and completed status reach the GET stream held elsewhere, once`, async () => {
      // A runs the task and idles its copy out fast; B holds the GET stream (and answers the rest).
      const a = await startScaleInstance('instance-a', redis.url, { sessionIdleTimeoutMs: 3_000 });
      const b = await startScaleInstance('instance-b', redis.url);
      instances.push(a, b);
      let home = a.http.url;
      const tap = new StreamTap((method) => (method === 'GET' ? b.http.url : home));
      client = await connectTaskClient(sdk, a.http.url, tap.fetch);
      await until('the GET stream on B', () => tap.openGets === 1);
      await client.setLevel('warning');
      const task = await client.createTask('log_when_told', {});
      home = b.http.url;
      // A change served by B stores the session with B's idle timeout (A's would let it lapse in Redis too).
      await client.setLevel('warning');
      await until('the copy on A idled out', () => a.app.sessionCount === 0, 15_000);

      tellTasks();
      await until('the task completed', () => client!.statuses.some((s) => s.taskId === task && s.status === 'completed'), 15_000).catch(
        async (error: unknown) => {
          throw new Error(`${String(error)}; the task is ${await client!.taskStatus(task)}; statuses ${JSON.stringify(client!.statuses)}`);
        },
      );
      expect(await client.taskResult(task)).to.equal('told on instance-a');
      await until('the log', () => client!.logs.length > 0);
      expect(client.logs).to.deep.equal(['told on instance-a']);
      expect(client.statuses.filter((s) => s.taskId === task && s.status === 'completed')).to.have.length(1);
      expectCleanStream(tap);
    });

    it(`${sdk}: a graceful shutdown of the instance running the task tells its cancelled status on the session's stream before the copy ends, once`, async () => {
      const a = await startScaleInstance('instance-a', redis.url);
      const b = await startScaleInstance('instance-b', redis.url);
      instances.push(a, b);
      let home = a.http.url;
      const tap = new StreamTap(() => home);
      client = await connectTaskClient(sdk, a.http.url, tap.fetch);
      await until('the GET stream on A', () => tap.openGets === 1);
      const task = await client.createTask('steps', { n: 400, ms: 100 });
      expect(await client.taskStatus(task)).to.equal('working');

      // The client comes back on B when A goes (its GET stream resumes there with Last-Event-ID).
      home = b.http.url;
      await a.shutdown(1_000);
      await until('the cancelled status', () => client!.statuses.some((s) => s.taskId === task && s.status === 'cancelled'), 15_000);
      expect(await client.taskStatus(task)).to.equal('cancelled');
      await until('the GET stream resumed on B', () => tap.openGets === 1);
      expect(client.statuses.filter((s) => s.taskId === task && s.status === 'cancelled').map((s) => s.statusMessage)).to.deep.equal([
        SHUT_DOWN,
      ]);
      expectCleanStream(tap);
    });
  }
});
