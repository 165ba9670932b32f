import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { checkServerMessage } from '@armature/testing';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { type ScaleInstance, startScaleInstance } from './support/scale-app';
import { Router, until } from './support/router';

/** Any 2025 request: what the GET stream's messages are checked against (the 2025-11-25 schema). */
const A_2025_REQUEST = { jsonrpc: '2.0', id: 0, method: 'ping' };

/** An SDK v1 client behind its own router, counting the `resources/updated` it receives. */
class Subscriber {
  readonly seen: string[] = [];
  readonly client = new Client({ name: 'unheld', version: '1.0.0' });
  readonly router: Router;
  private readonly transport: StreamableHTTPClientTransport;

  constructor(first: ScaleInstance) {
    this.router = new Router(first);
    this.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void this.seen.push(n.params.uri));
    this.transport = new StreamableHTTPClientTransport(new URL('http://router.invalid/mcp'), {
      fetch: this.router.fetch,
      reconnectionOptions: { initialReconnectionDelay: 10, maxReconnectionDelay: 50, reconnectionDelayGrowFactor: 1, maxRetries: 50 },
    });
  }

  /** Connects on the router's instance, which also holds the GET stream, and subscribes to `uri` there. */
  async open(uri: string): Promise<void> {
    await this.client.connect(this.transport);
    await until('the GET stream', () => this.router.resumedWith.length === 1);
    await this.client.subscribeResource({ uri });
  }

  /** Every message its GET streams carried is valid 2025-11-25, and no event id came twice. */
  checkWire(): void {
    for (const { message } of this.router.getMessages) expect(checkServerMessage(message, A_2025_REQUEST)).to.deep.equal([]);
    const ids = this.router.getMessages.map((m) => m.id);
    expect(new Set(ids).size).to.equal(ids.length);
  }
}

/**
 * A `resources/updated` raised on an instance that holds no copy of a subscribed session, while
 * no instance holds the session at all (the one holding its GET stream has just crashed, and the
 * client has not come back yet): the raising instance appends it to the session's stream from the
 * store's subscription index, so the client resuming elsewhere with `Last-Event-ID` gets it.
 */
describe('updates for sessions no live instance holds (three apps, real redis-server, SDK v1 client)', function () {
  this.timeout(40_000);
  let redis: RedisServer;
  const instances: ScaleInstance[] = [];
  const subscribers: Subscriber[] = [];

  beforeEach(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    for (const subscriber of subscribers.splice(0)) {
      subscriber.router.releaseGets();
      await subscriber.client.close().catch(() => undefined);
    }
    for (const instance of instances.splice(0)) await instance.close();
    await redis?.stop();
  });

  async function start(name: string, maxFanOut?: number): Promise<ScaleInstance> {
    const instance = await startScaleInstance(name, redis.url, maxFanOut === undefined ? {} : { sessions: { maxFanOut } });
    instances.push(instance);
    return instance;
  }

  async function subscriber(first: ScaleInstance, uri: string): Promise<Subscriber> {
    const made = new Subscriber(first);
    subscribers.push(made);
    await made.open(uri);
    return made;
  }

  it('the raising instance appends it to the unheld session’s stream; the client resumes on a third instance and gets it once', async () => {
    const [holder, resumer, raiser] = [await start('holder'), await start('resumer'), await start('raiser')];
    const client = await subscriber(holder, 'notes://u1');
    holder.app.resources.notifyUpdated('notes://u1');
    await until('the first update, live', () => client.seen.length === 1);

    // The holder crashes; the client's reconnection (to `resumer`) waits while `raiser`, which never saw the session, raises.
    client.router.holdGets();
    client.router.get = resumer;
    await holder.crash();
    raiser.app.resources.notifyUpdated('notes://u1');
    raiser.app.resources.notifyUpdated('notes://other');
    raiser.app.resources.notifyUpdated('notes://u1');
    client.router.releaseGets();
    await until('the two updates raised while nobody held the session', () => client.seen.length === 3);
    // `resumer` now holds the stream and writes it live.
    raiser.app.resources.notifyUpdated('notes://u1');
    await until('a live update after the resume', () => client.seen.length === 4);
    expect(client.seen).to.deep.equal(['notes://u1', 'notes://u1', 'notes://u1', 'notes://u1']);
    expect(client.router.resumedWith[1]).to.equal(client.router.getMessages[0]!.id);
    client.checkWire();
    expect([...resumer.errors, ...raiser.errors]).to.deep.equal([]);
  });

  it('a copy loaded while the raiser looks up the subscribers (it never heard the broadcast) does not stop the append', async () => {
    const [holder, resumer, raiser] = [await start('holder'), await start('resumer'), await start('raiser')];
    const client = await subscriber(holder, 'notes://u5');
    client.router.holdGets();
    client.router.get = resumer;
    await holder.crash();
    // The raiser's index lookup (one Redis round trip) is held until a request of the session has
    // loaded a copy on the raiser: a copy that came too late to hear the broadcast itself.
    const store = raiser.scale.sessionStore;
    const lookup = store.subscribersOf.bind(store);
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    store.subscribersOf = async (uri: string) => {
      await gate;
      return lookup(uri);
    };
    raiser.app.resources.notifyUpdated('notes://u5');
    client.router.post = raiser;
    await client.client.ping();
    open();
    client.router.releaseGets();
    await until('the update raised before the copy was loaded, on the resumed stream', () => client.seen.length === 1);
    raiser.app.resources.notifyUpdated('notes://u5');
    await until('a live update after it', () => client.seen.length === 2);
    expect(client.seen).to.deep.equal(['notes://u5', 'notes://u5']);
    client.checkWire();
    expect([...resumer.errors, ...raiser.errors]).to.deep.equal([]);
  });

  it('a session with a live copy gets a broadcast once, whichever instances append it', async () => {
    const [holder, raiser] = [await start('holder'), await start('raiser')];
    const client = await subscriber(holder, 'notes://u2');
    // The raiser's index names the session, and the holder's copy hears the broadcast too: one event.
    for (let i = 0; i < 20; i++) raiser.app.resources.notifyUpdated('notes://u2');
    await until('twenty updates', () => client.seen.length >= 20);
    holder.app.resources.notifyUpdated('notes://u2');
    await until('the closing update', () => client.seen.length >= 21);
    expect(client.seen).to.have.length(21);
    client.checkWire();
  });

  it('maxFanOut bounds how many unheld sessions one broadcast is appended to', async () => {
    const holder = await start('holder');
    const [resumer, raiser] = [await start('resumer'), await start('raiser', 1)];
    const first = await subscriber(holder, 'notes://u3');
    const second = await subscriber(holder, 'notes://u3');
    for (const client of [first, second]) {
      client.router.holdGets();
      client.router.get = resumer;
    }
    await holder.crash();
    // Wait (bounded) until the one append the limit allows is in Redis, then let both clients resume.
    const stored = async (): Promise<number> => {
      let total = 0;
      await resumer.scale.connection.run('test', async (redisClient) => {
        for (const key of await redisClient.keys(`${resumer.scale.connection.prefix}events:*.0`)) total += await redisClient.xLen(key);
      });
      return total;
    };
    const before = await stored();
    raiser.app.resources.notifyUpdated('notes://u3');
    await until('the update appended to one stream', async () => (await stored()) > before);
    for (const client of [first, second]) client.router.releaseGets();
    await until('both GET streams resumed', () => first.router.resumedWith.length === 2 && second.router.resumedWith.length === 2);
    // An update raised on `resumer`, which now holds both sessions, comes after whatever each stream had.
    resumer.app.resources.notifyUpdated('notes://u3');
    await until('the live update on both', () => first.seen.length + second.seen.length >= 3 && first.seen.length * second.seen.length > 0);
    const counts = [first.seen.length, second.seen.length].sort();
    expect(counts, 'one session got the unheld update, the other only the live one').to.deep.equal([1, 2]);
    expect((await stored()) - before).to.equal(3);
    for (const client of [first, second]) client.checkWire();
  });
});
