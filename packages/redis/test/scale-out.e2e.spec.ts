import { expect } from 'chai';
import { createClient } from 'redis';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ElicitRequestSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@armature/core';
import { WireCheckedTransport } from '@armature/testing';
import { isRequestFor, isResponseBody, routedFetch, sessionHeaders, SseReader } from './support/http-peers';
import { post2026 } from './support/job-app';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { type ScaleInstance, startScaleInstance } from './support/scale-app';

/** The MCP 2026-07-28 `_meta` envelope of a raw request. */
function envelope(capabilities: Record<string, unknown>): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
  };
}

function headers2026(method: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
  };
}

/** Polls `check` until it holds (bounded); returns whether it did. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000, everyMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Three instances of one server on one real Redis (each with its own connections, as three
 * processes would have), each on its own 127.0.0.1 port, and the official SDK v1 client whose
 * requests a tiny in-test balancer spreads over them: the 2025 session opened on A is served by
 * any instance.
 */
describe('2025 sessions across instances on Redis (three apps, real redis-server, SDK v1 client over HTTP)', function () {
  this.timeout(40_000);
  let redis: RedisServer;
  let a: ScaleInstance;
  let b: ScaleInstance;
  let c: ScaleInstance;
  const clients: Client[] = [];

  before(async () => {
    redis = await startRedisServer();
    a = await startScaleInstance('instance-a', redis.url);
    b = await startScaleInstance('instance-b', redis.url);
    c = await startScaleInstance('instance-c', redis.url);
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  });
  after(async () => {
    for (const instance of [a, b, c]) await instance?.close();
    await redis?.stop();
  });

  async function connect(
    pick: (method: string, body: unknown) => string,
    capabilities: Record<string, unknown> = {},
  ): Promise<{ client: Client; inner: StreamableHTTPClientTransport; wire: WireCheckedTransport }> {
    const inner = new StreamableHTTPClientTransport(new URL(a.http.url), { fetch: routedFetch(pick) });
    const wire = new WireCheckedTransport(inner as unknown as Transport, { check: true });
    const client = new Client({ name: 'scale-test', version: '1.0.0' }, { capabilities });
    clients.push(client);
    await client.connect(wire as unknown as SdkTransport);
    return { client, inner, wire };
  }

  it('a session initialized on A is served by B and C, and a DELETE on B ends it on A and everywhere; the bus never carries its id', async () => {
    const busMessages: string[] = [];
    const listener = createClient({ url: redis.url });
    await listener.connect();
    await listener.subscribe('{armature}:bus', (message) => void busMessages.push(message));
    let turn = 0;
    const { client, inner, wire } = await connect((method, body) => {
      if (method === 'DELETE') return b.http.url;
      if (method !== 'POST' || isRequestFor(body, 'initialize')) return a.http.url;
      return [a, b, c][turn++ % 3]!.http.url;
    });
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      served.add((result.content as { text: string }[])[0]!.text);
    }
    expect([...served].sort()).to.deep.equal(['instance-a', 'instance-b', 'instance-c']);
    wire.assertClean();

    const sessionId = inner.sessionId!;
    await inner.terminateSession();
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    for (const instance of [a, b, c]) {
      const gone = await eventually(
        async () => (await fetch(instance.http.url, { method: 'POST', headers: sessionHeaders(sessionId), body: ping })).status === 404,
      );
      expect(gone, `${instance.name} still serves the deleted session`).to.equal(true);
    }
    await listener.close();
    expect(busMessages.some((m) => m.includes('"session_ended"'))).to.equal(true);
    expect(busMessages.filter((m) => m.includes(sessionId))).to.deep.equal([]);
  });

  it('subscribed through C, a resources/updated raised on B reaches the GET stream the client holds on A', async () => {
    const { client, wire } = await connect((method, body) => {
      if (isRequestFor(body, 'resources/subscribe')) return c.http.url;
      return a.http.url;
    });
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      updated.push(notification.params.uri);
    });
    await client.subscribeResource({ uri: 'notes://1' });
    // The SDK opens its GET stream in the background: raise until one arrives (bounded).
    const arrived = await eventually(
      () => {
        b.app.resources.notifyUpdated('notes://1');
        return updated.length > 0;
      },
      5_000,
      200,
    );
    expect(arrived).to.equal(true);
    expect(updated.every((uri) => uri === 'notes://1')).to.equal(true);
    wire.assertClean();
  });

  it('a tools/list_changed a handler on B announces (McpNotifier) reaches the GET stream on A', async () => {
    const { client, wire } = await connect((method, body) =>
      method === 'POST' && isRequestFor(body, 'tools/call') ? b.http.url : a.http.url,
    );
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    // The SDK opens its GET stream in the background: announce until one arrives (bounded).
    const arrived = await eventually(
      async () => {
        const told = await client.callTool({ name: 'tools_changed', arguments: {} });
        expect(told.content).to.deep.equal([{ type: 'text', text: 'told by instance-b' }]);
        return changed > 0;
      },
      5_000,
      200,
    );
    expect(arrived).to.equal(true);
    wire.assertClean();
  });

  it('a 2026 subscriptions/listen stream on A hears a resources/updated raised on B', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 'listen-1',
      method: 'subscriptions/listen',
      params: { notifications: { resourceSubscriptions: ['notes://2'] }, _meta: envelope({}) },
    };
    const listen = new SseReader(
      await fetch(a.http.url, { method: 'POST', headers: headers2026('subscriptions/listen'), body: JSON.stringify(body) }),
      body,
    );
    try {
      await listen.until((e) => e.data.includes('notifications/subscriptions/acknowledged'));
      b.app.resources.notifyUpdated('notes://2');
      const event = await listen.until((e) => e.data.includes('notifications/resources/updated'));
      expect((JSON.parse(event.data) as { params: { uri: string } }).params.uri).to.equal('notes://2');
      expect(listen.violations).to.deep.equal([]);
    } finally {
      await listen.cancel();
    }
  });

  it('a 2026 listen stream on B follows a task running on A (completed there) and one cancelled through C', async () => {
    const caps = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
    const first = (await post2026(a.http.url, 'tools/call', { name: 'job', arguments: { ms: 300 } }, 'job', caps)).result!.taskId as string;
    const second = (await post2026(a.http.url, 'tools/call', { name: 'job', arguments: { ms: 60_000 } }, 'job', caps)).result!
      .taskId as string;
    const body = {
      jsonrpc: '2.0',
      id: 'listen-tasks',
      method: 'subscriptions/listen',
      params: { notifications: { taskIds: [first, second] }, _meta: envelope(caps) },
    };
    const listen = new SseReader(
      await fetch(b.http.url, { method: 'POST', headers: headers2026('subscriptions/listen'), body: JSON.stringify(body) }),
      body,
    );
    try {
      await listen.until((e) => e.data.includes('notifications/subscriptions/acknowledged'));
      const statusOf = (taskId: string, status: string) => (e: { data: string }) =>
        e.data.includes('notifications/tasks') && e.data.includes(taskId) && e.data.includes(`"status":"${status}"`);
      const done = await listen.until(statusOf(first, 'completed'));
      expect((JSON.parse(done.data) as { params: { result?: unknown } }).params.result).to.deep.equal({
        content: [{ type: 'text', text: 'done on instance-a' }],
      });
      expect((await post2026(c.http.url, 'tasks/cancel', { taskId: second }, second, caps)).result!.resultType).to.equal('complete');
      await listen.until(statusOf(second, 'cancelled'));
      expect(listen.violations).to.deep.equal([]);
    } finally {
      await listen.cancel();
    }
  });

  it('a log sent after its request (served by B) ended reaches the GET stream the session holds on A', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
    };
    const opened = await fetch(a.http.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(init),
    });
    const sessionId = opened.headers.get('mcp-session-id')!;
    await opened.text();
    await (
      await fetch(a.http.url, {
        method: 'POST',
        headers: sessionHeaders(sessionId),
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      })
    ).text();
    const get = new SseReader(await fetch(a.http.url, { headers: sessionHeaders(sessionId, { accept: 'text/event-stream' }) }), {});
    try {
      await get.until((e) => e.id !== undefined && e.data === '');
      const call = await fetch(b.http.url, {
        method: 'POST',
        headers: sessionHeaders(sessionId),
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'late_log', arguments: {} } }),
      });
      expect(((await call.json()) as { result: { content: unknown } }).result.content).to.deep.equal([
        { type: 'text', text: 'logged later' },
      ]);
      const log = await get.until((e) => e.data.includes('notifications/message'));
      expect((JSON.parse(log.data) as { params: { level: string; data: unknown } }).params).to.include({
        level: 'warning',
        data: 'late from instance-b',
      });
      expect(get.violations).to.deep.equal([]);
    } finally {
      await get.cancel();
      await fetch(a.http.url, { method: 'DELETE', headers: sessionHeaders(sessionId) });
    }
  });

  it('a 2026 stateless tools/call makes no Redis round trip', async () => {
    const probe = createClient({ url: redis.url });
    await probe.connect();
    // Every command Redis served but INFO itself (the probe's only command).
    const served = async (): Promise<number> => {
      const stats = await probe.info('commandstats');
      let total = 0;
      for (const [, name, calls] of stats.matchAll(/^cmdstat_([a-z|]+):calls=(\d+)/gm)) if (name !== 'info') total += Number(calls);
      return total;
    };
    try {
      const before = await served();
      // The earlier tests' sessions and tasks went through Redis: the count is real.
      expect(before).to.be.greaterThan(0);
      for (let i = 0; i < 20; i++) {
        const answer = await post2026([a, b, c][i % 3]!.http.url, 'tools/call', { name: 'whoami', arguments: {} }, 'whoami', {});
        expect(answer.result!.resultType).to.equal('complete');
      }
      expect((await served()) - before).to.equal(0);
    } finally {
      await probe.close();
    }
  });

  it('each instance holds one subscriber connection (bus and task signals share it), however many sessions stream', async () => {
    const { client } = await connect(() => a.http.url);
    await client.subscribeResource({ uri: 'notes://3' });
    const probe = createClient({ url: redis.url });
    await probe.connect();
    try {
      const list = String(await probe.sendCommand(['CLIENT', 'LIST']));
      const subscribers = list.split('\n').filter((line) => /\bsub=[1-9]/.test(line));
      expect(subscribers).to.have.length(3);
      // Two channels on each: the bus and the task signals.
      for (const line of subscribers) expect(line).to.match(/\bsub=2\b/);
    } finally {
      await probe.close();
    }
  });

  it('an elicitation asked by a handler on A is answered by a POST that lands on B', async () => {
    let repliesToB = 0;
    const { client, wire } = await connect(
      (method, body) => {
        if (method === 'POST' && isResponseBody(body)) {
          repliesToB++;
          return b.http.url;
        }
        return a.http.url;
      },
      { elicitation: { form: {} } },
    );
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { confirm: true } }));
    const result = await client.callTool({ name: 'confirm', arguments: {} });
    expect(result.content).to.deep.equal([{ type: 'text', text: 'confirmed on instance-a' }]);
    expect(repliesToB).to.equal(1);
    wire.assertClean();
  });
});
