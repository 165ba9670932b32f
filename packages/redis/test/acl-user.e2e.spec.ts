import { expect } from 'chai';
import { createClient } from 'redis';
import { Armature, RateLimit, RequestContext, Resource, Tool } from '@armature/core';
import { Module } from '@armature/di';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { redisScaleOut, type RedisScaleOut } from '../src/redis-scale-out';
import { post2026, untilStatus } from './support/job-app';
import { type RedisServer, startRedisServer } from './support/redis-server';

/** The ACL of docs/deploying.md ("Securing the connection"), with the test's password. */
const ACL = [
  'ACL',
  'SETUSER',
  'armature',
  'reset',
  'on',
  '>acl-test-password',
  '~{armature}:*',
  '&{armature}:*',
  '+@read',
  '+@write',
  '+@scripting',
  '+@pubsub',
  '+@transaction',
  '+@connection',
  '+time',
  '-@dangerous',
];

class AclTools {
  @RateLimit({ limit: 100, windowMs: 60_000, per: 'global' })
  @Tool({ description: 'A limited tool that may run as a task.', task: 'optional', inputSchema: { type: 'object' } })
  async work(_args: object, ctx: RequestContext): Promise<string> {
    await ctx.progress(1, 1, 'working');
    return 'worked';
  }

  @Resource('acl://watched', { mimeType: 'text/plain' })
  watched(): string {
    return 'watched';
  }
}

@Module({ handlers: [AclTools] })
class AclModule {}

/** Every port of `redisScaleOut` as the least-privileged ACL user the docs recommend: nothing needs more. */
describe('@armature/redis as an ACL user limited to its key prefix and channels (real redis-server)', function () {
  this.timeout(30_000);
  let redis: RedisServer;
  let scale: RedisScaleOut;
  let app: Armature;
  let http: HttpListenHandle;
  const errors: Error[] = [];

  before(async () => {
    redis = await startRedisServer();
    const admin = createClient({ url: redis.url });
    await admin.connect();
    await admin.sendCommand(ACL);
    await admin.close();
    const url = redis.url.replace('redis://', 'redis://armature:acl-test-password@');
    scale = redisScaleOut({ url, requestStateKey: 'acl-test-request-state-key-of-32-bytes!', onError: (error) => errors.push(error) });
    app = await Armature.create(AclModule, {
      name: 'acl',
      version: '1.0.0',
      manifest: { armature: 1, handlers: {} },
      logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
      ...scale.appOptions,
    });
    http = await listenHttp(app, { port: 0, ...scale.httpOptions });
    await scale.ready();
  });
  after(async () => {
    await app?.close({ drainMs: 0 });
    await http?.close();
    await scale?.close();
    await redis?.stop();
  });

  it('serves sessions, subscriptions with stored events, tasks and a shared rate limit, and can touch nothing outside its prefix', async () => {
    // 2025 session: initialize (session store), subscribe (script + publish), an event on the GET stream (event store).
    const init = await fetch(http.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'acl', version: '1' } },
      }),
    });
    await init.text();
    expect(init.status).to.equal(200);
    const sessionId = init.headers.get('mcp-session-id')!;
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
    };
    expect(
      (await fetch(http.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) }))
        .status,
    ).to.equal(202);
    const subscribed = (await (
      await fetch(http.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'acl://watched' } }),
      })
    ).json()) as { result?: unknown };
    expect(subscribed.result).to.deep.equal({});
    const controller = new AbortController();
    const get = await fetch(http.url, { headers: { ...headers, accept: 'text/event-stream' }, signal: controller.signal });
    const reader = get.body!.getReader();
    let text = '';
    const deadline = Date.now() + 5_000;
    // Bounded reads: a missing event fails the expectation below instead of hanging the test.
    const readUntil = async (what: string): Promise<void> => {
      while (!text.includes(what) && Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), deadline - Date.now())),
        ]);
        if (chunk?.value !== undefined) text += new TextDecoder().decode(chunk.value);
      }
    };
    // The update is raised once the stream is open: its priming event has arrived.
    await readUntil('data: \n');
    app.resources.notifyUpdated('acl://watched');
    await readUntil('notifications/resources/updated');
    controller.abort();
    expect(text, text).to.match(/id: \S+\n(event: message\n)?data: \{"jsonrpc":"2\.0","method":"notifications\/resources\/updated"/);

    // A task (task store scripts, signals) of a rate-limited tool (token-bucket script, which reads Redis's TIME).
    const created = await post2026(http.url, 'tools/call', { name: 'work', arguments: {} }, 'work');
    const taskId = created.result!.taskId as string;
    expect(taskId, JSON.stringify(created)).to.be.a('string');
    await untilStatus(http.url, taskId, 'completed');
    expect(errors.map((e) => e.message)).to.deep.equal([]);

    // The same user cannot read or write outside the prefix, nor publish elsewhere.
    const user = createClient({ url: redis.url.replace('redis://', 'redis://armature:acl-test-password@') });
    await user.connect();
    try {
      expect(await user.get('other-app:secret').catch((error: Error) => error.message)).to.match(/NOPERM/);
      expect(await user.publish('other-channel', 'x').catch((error: Error) => error.message)).to.match(/NOPERM/);
      expect(await user.sendCommand(['FLUSHALL']).catch((error: Error) => error.message)).to.match(/NOPERM/);
    } finally {
      await user.close();
    }
  });
});
