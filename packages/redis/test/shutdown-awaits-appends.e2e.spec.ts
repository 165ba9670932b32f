import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { checkServerMessage } from '@armature/testing';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { until } from './support/router';
import { type ScaleInstance, startScaleInstance } from './support/scale-app';
import { StreamTap } from './support/stream-tap';

const A_2025_REQUEST = { jsonrpc: '2.0', id: 0, method: 'ping' };

/** `resources/updated` events of the one session's GET stream as Redis holds them. */
async function storedUpdates(instance: ScaleInstance): Promise<number> {
  return instance.scale.connection.run('test', async (client) => {
    const keys = await client.keys(`${instance.scale.connection.prefix}events:*.0`);
    if (keys.length !== 1) return 0;
    const entries = (await client.xRange(keys[0]!, '-', '+')) ?? [];
    return entries.filter((entry) => (entry.message.m ?? '').includes('notifications/resources/updated')).length;
  });
}

/**
 * A broadcast raised outside any request (a timer) right before shutdown: its appends are under
 * way, and nothing waits for them but the shutdown. `close(drainMs)` waits for them (within the
 * drain window) before the app's Redis connection closes, so what
 * was raised is on the stream the client resumes elsewhere. Redis is paused (`CLIENT PAUSE`) while
 * the timer fires, so the appends are still queued when the shutdown starts.
 */
describe('shutdown waits for the appends of broadcasts raised outside a request (two apps, real redis-server)', function () {
  this.timeout(40_000);
  let redis: RedisServer;
  const instances: ScaleInstance[] = [];
  let client: Client | undefined;

  beforeEach(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    await client?.close().catch(() => undefined);
    client = undefined;
    for (const instance of instances.splice(0)) await instance.close();
    await redis?.stop();
  });

  it('two updates a timer raises as the instance holding the stream shuts down are stored; the client resumes on the other instance and gets both, once', async () => {
    const a = await startScaleInstance('instance-a', redis.url);
    const b = await startScaleInstance('instance-b', redis.url);
    instances.push(a, b);
    let home = a.http.url;
    const tap = new StreamTap(() => home);
    client = new Client({ name: 'shutdown-appends', version: '1.0.0' });
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    await client.connect(
      new StreamableHTTPClientTransport(new URL(a.http.url), {
        fetch: tap.fetch,
        reconnectionOptions: { initialReconnectionDelay: 10, maxReconnectionDelay: 50, reconnectionDelayGrowFactor: 1, maxRetries: 100 },
      }),
    );
    await until('the GET stream on A', () => tap.openGets === 1);
    await client.subscribeResource({ uri: 'notes://t1' });
    await client.subscribeResource({ uri: 'notes://t2' });

    // Every command from now on waits for the pause to end (800 ms): the appends are queued.
    await a.scale.connection.run('test', (redisClient) => redisClient.sendCommand(['CLIENT', 'PAUSE', '800', 'ALL']));
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        a.app.resources.notifyUpdated('notes://t1');
        a.app.resources.notifyUpdated('notes://t2');
        resolve();
      }, 0),
    );
    home = b.http.url;
    // A graceful stop with a 3 s window: the appends are awaited within it.
    await a.close(3_000);
    expect(await storedUpdates(b)).to.equal(2);
    await until('both updates after the resume on B', () => updates.length === 2);
    expect(updates).to.deep.equal(['notes://t1', 'notes://t2']);
    const ids = tap.events.map((e) => e.id);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(b.errors).to.deep.equal([]);
    for (const { message } of tap.events) expect(checkServerMessage(message, A_2025_REQUEST)).to.deep.equal([]);
  });
});
