import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CallToolResultSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { checkServerMessage } from '@armature/testing';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { type ScaleInstance, startScaleInstance } from './support/scale-app';
import { Router, until } from './support/router';

/** Any 2025 request: what the GET stream's messages are checked against (the 2025-11-25 schema). */
const A_2025_REQUEST = { jsonrpc: '2.0', id: 0, method: 'ping' };

/** Entries of the one session's GET stream in Redis (`…events:<prefix>.0`). */
async function storedGetEvents(instance: ScaleInstance): Promise<number> {
  return instance.scale.connection.run('test', async (client) => {
    const keys = await client.keys(`${instance.scale.connection.prefix}events:*.0`);
    if (keys.length !== 1) return 0;
    return client.xLen(keys[0]!);
  });
}

function label(message: unknown): string {
  const m = message as { method?: string; params?: { uri?: string; data?: unknown } };
  if (m.method === 'notifications/resources/updated') return `updated ${m.params?.uri}`;
  if (m.method === 'notifications/message') return `log ${String(m.params?.data)}`;
  return String(m.method);
}

describe('2025 session events are durable on Redis (two apps, real redis-server, SDK v1 client)', function () {
  this.timeout(40_000);
  let redis: RedisServer;

  beforeEach(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    await redis?.stop();
  });

  it('events raised while no instance holds the GET stream are stored; the client resumes on another instance and gets each once, in order', async () => {
    const a = await startScaleInstance('holder', redis.url);
    const b = await startScaleInstance('other', redis.url);
    const router = new Router(a);
    const client = new Client({ name: 'durable', version: '1.0.0' });
    const seen: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void seen.push(`updated ${n.params.uri}`));
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void seen.push('notifications/tools/list_changed'));
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void seen.push(`log ${String(n.params.data)}`));
    const transport = new StreamableHTTPClientTransport(new URL('http://router.invalid/mcp'), {
      fetch: router.fetch,
      reconnectionOptions: { initialReconnectionDelay: 10, maxReconnectionDelay: 50, reconnectionDelayGrowFactor: 1, maxRetries: 50 },
    });
    try {
      // Opened on A, which also holds the GET stream the SDK opens after initialize.
      await client.connect(transport);
      await until('the GET stream on A', () => router.resumedWith.length === 1);
      // Later requests land on B, which serves the session from Redis.
      router.post = b;
      await client.subscribeResource({ uri: 'notes://e1' });
      await client.subscribeResource({ uri: 'notes://e2' });
      b.app.resources.notifyUpdated('notes://e1');
      await until('the first update on A', () => seen.length === 1);

      // A crashes: the client's GET is cut and its reconnection (to B) is held while events are raised.
      router.holdGets();
      router.get = b;
      await a.crash();
      const before = await storedGetEvents(b);
      b.app.resources.notifyUpdated('notes://e2');
      await until('e2 stored', async () => (await storedGetEvents(b)) === before + 1);
      await client.callTool({ name: 'tools_changed', arguments: {} }, CallToolResultSchema);
      await until('list_changed stored', async () => (await storedGetEvents(b)) === before + 2);
      await client.callTool({ name: 'late_log', arguments: {} }, CallToolResultSchema);
      await until('the late log stored', async () => (await storedGetEvents(b)) === before + 3);
      b.app.resources.notifyUpdated('notes://e1');
      await until('the last update stored', async () => (await storedGetEvents(b)) === before + 4);
      expect(seen).to.deep.equal(['updated notes://e1']);

      router.releaseGets();
      await until('the replay', () => seen.length === 5);
      // B now writes the stream live.
      b.app.resources.notifyUpdated('notes://e2');
      await until('a live update after the replay', () => seen.length === 6);

      expect(seen).to.deep.equal([
        'updated notes://e1',
        'updated notes://e2',
        'notifications/tools/list_changed',
        'log late from other',
        'updated notes://e1',
        'updated notes://e2',
      ]);
      // The reconnection named the last event the client had; nothing came twice.
      const resumedFrom = router.resumedWith[1];
      expect(resumedFrom).to.equal(router.getMessages[0]!.id);
      expect(router.getMessages.map((m) => label(m.message))).to.deep.equal(seen);
      expect(new Set(router.getMessages.map((m) => m.id)).size).to.equal(router.getMessages.length);
      for (const { message } of router.getMessages) expect(checkServerMessage(message, A_2025_REQUEST)).to.deep.equal([]);
    } finally {
      router.releaseGets();
      await client.close().catch(() => undefined);
      for (const instance of [a, b]) await instance.close();
    }
  });
});
