import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, CreateTaskResultSchema, TaskStatusNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@armature/core';
import { WireCheckedTransport } from '@armature/testing';
import { type ChildInstance, startChildInstance } from './support/child-instance';
import { isRequestFor, routedFetch, SseReader } from './support/http-peers';
import { post2026, untilStatus } from './support/job-app';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { type ScaleInstance, startScaleInstance } from './support/scale-app';

const LAPSED = 'The instance running this task stopped before the task finished';
const TASKS_2026 = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
/** Short leases keep the suite fast; one test below runs with the defaults. */
const SHORT = { leaseMs: 1_500, leaseRenewMs: 300, maxActivePerOwner: 1 };
const SHORT_ENV = { TASK_LEASE_MS: '1500', TASK_LEASE_RENEW_MS: '300', TASK_MAX_ACTIVE: '1' };

/** Polls `check` every `everyMs` until it holds (bounded). */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return check();
}

function listenBody(taskIds: readonly string[]): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id: 'listen-tasks',
    method: 'subscriptions/listen',
    params: {
      notifications: { taskIds },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'lease-test', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': TASKS_2026,
      },
    },
  };
}

function listen2026(url: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify(body),
  });
}

/**
 * The instance running a task is killed (`kill -9`, a real child process); the task's record on
 * the shared Redis is failed by the instance that is left once the lease lapses, its slot is
 * freed and its watchers hear it. Real redis-server, real processes, Streamable HTTP.
 */
describe('task leases on Redis: kill -9 of the instance running a task (real redis-server, child processes)', function () {
  this.timeout(60_000);
  let redis: RedisServer;
  let a: ChildInstance | undefined;
  let b: ScaleInstance | undefined;
  const clients: Client[] = [];

  before(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close().catch(() => undefined);
    await a?.stop();
    await b?.close();
    a = b = undefined;
  });
  after(async () => {
    await redis?.stop();
  });

  it('2025 (SDK v1): the task running on A is failed through B within lease + poll; the GET stream on B hears notifications/tasks/status; the session gets a task again', async () => {
    a = await startChildInstance('instance-a', redis.url, 15_000, SHORT_ENV);
    b = await startScaleInstance('instance-b', redis.url, { tasks: SHORT });
    const onA = a.url;
    const onB = b.http.url;
    // Tasks are created on A; everything else (initialize, the GET stream, polling) goes to B.
    let calls = 0;
    let streamOpen = false;
    const routed = routedFetch((method, body) => (isRequestFor(body, 'tools/call') && calls++ === 0 ? onA : onB));
    const inner = new StreamableHTTPClientTransport(new URL(onB), {
      fetch: async (input, init) => {
        const response = await routed(input, init);
        if ((init?.method ?? 'GET') === 'GET' && response.ok) streamOpen = true;
        return response;
      },
    });
    const wire = new WireCheckedTransport(inner as unknown as Transport, { check: true });
    const client = new Client({ name: 'lease-2025', version: '1.0.0' });
    clients.push(client);
    const statuses: { taskId: string; status: string; statusMessage?: string }[] = [];
    client.setNotificationHandler(TaskStatusNotificationSchema, (notification) => void statuses.push(notification.params));
    await client.connect(wire as unknown as SdkTransport);
    expect(await eventually(() => streamOpen, 5_000), 'the GET stream opened on B').to.equal(true);

    const { task } = await client.request(
      { method: 'tools/call', params: { name: 'steps', arguments: { n: 400, ms: 100 }, task: { ttl: 600_000 } } },
      CreateTaskResultSchema,
    );
    // It runs on A: B reads its progress from the store.
    expect(
      await eventually(
        async () => /^step \d+ of 400$/.test((await client.experimental.tasks.getTask(task.taskId)).statusMessage ?? ''),
        5_000,
      ),
    ).to.equal(true);
    // At the cap (one active task per session here): an optional tool runs as an ordinary call, no task.
    const atCap = await client.request(
      { method: 'tools/call', params: { name: 'steps', arguments: { n: 1, ms: 1 }, task: { ttl: 60_000 } } },
      CallToolResultSchema,
    );
    expect(atCap.content).to.deep.equal([{ type: 'text', text: '1 steps on instance-b' }]);

    await a.kill9();
    // Lease (1.5 s) + lapse check (≤ 0.3 s) + poll interval (1 s), with room for a slow machine.
    const bound = SHORT.leaseMs + 1_000 + 5_000;
    expect(
      await eventually(async () => (await client.experimental.tasks.getTask(task.taskId)).status === 'failed', bound, 200),
      'tasks/get through B shows failed',
    ).to.equal(true);
    const failed = await client.experimental.tasks.getTask(task.taskId);
    expect(failed.statusMessage).to.equal(LAPSED);
    expect(await eventually(() => statuses.some((s) => s.taskId === task.taskId && s.status === 'failed'), 5_000)).to.equal(true);
    expect(statuses.find((s) => s.taskId === task.taskId && s.status === 'failed')?.statusMessage).to.equal(LAPSED);

    // The slot is free: the same session gets a task again.
    const again = await client.request(
      { method: 'tools/call', params: { name: 'steps', arguments: { n: 1, ms: 1 }, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
    expect(again.task.status).to.equal('working');
    wire.assertClean();
  });

  it('2026: the task running on A is failed through B; a subscriptions/listen stream on B hears it; the principal gets a task again', async () => {
    a = await startChildInstance('instance-a', redis.url, 15_000, SHORT_ENV);
    b = await startScaleInstance('instance-b', redis.url, { tasks: SHORT });
    const created = await post2026(a.url, 'tools/call', { name: 'steps', arguments: { n: 400, ms: 100 } }, 'steps', TASKS_2026);
    expect(created.result!.resultType).to.equal('task');
    const taskId = created.result!.taskId as string;
    const body = listenBody([taskId]);
    const listen = new SseReader(await listen2026(b.http.url, body), body);
    try {
      await listen.until((e) => e.data.includes('notifications/subscriptions/acknowledged'));
      await untilStatus(b.http.url, taskId, 'working');
      const atCap = await post2026(b.http.url, 'tools/call', { name: 'steps', arguments: { n: 1, ms: 1 } }, 'steps', TASKS_2026);
      expect(atCap.result!.resultType).to.equal('complete');

      await a.kill9();
      const heard = await listen.until((e) => e.data.includes('"notifications/tasks"') && e.data.includes('"failed"'), 10_000);
      const params = (JSON.parse(heard.data) as { params: Record<string, unknown> }).params;
      expect(params).to.include({ taskId, status: 'failed', statusMessage: LAPSED });
      const got = await untilStatus(b.http.url, taskId, 'failed', 5_000);
      expect(got.result!.error).to.deep.equal({ code: -32603, message: LAPSED });

      const again = await post2026(b.http.url, 'tools/call', { name: 'steps', arguments: { n: 1, ms: 1 } }, 'steps', TASKS_2026);
      expect(again.result!.resultType).to.equal('task');
      expect(listen.violations).to.deep.equal([]);
    } finally {
      await listen.cancel();
    }
  });

  it('with the default lease (renewed every 5 s, 15 s long): failed within 20 s of the kill', async () => {
    a = await startChildInstance('instance-a', redis.url);
    b = await startScaleInstance('instance-b', redis.url);
    const created = await post2026(a.url, 'tools/call', { name: 'steps', arguments: { n: 400, ms: 100 } }, 'steps', TASKS_2026);
    const taskId = created.result!.taskId as string;
    await untilStatus(b.http.url, taskId, 'working');
    await a.kill9();
    // The guarantee's bound is the wait's: lease 15 s + one lapse check (1 s) + one poll (1 s) < 20 s.
    const got = await untilStatus(b.http.url, taskId, 'failed', 20_000);
    expect(got.result!.statusMessage).to.equal(LAPSED);
  });
});
