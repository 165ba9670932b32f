import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Armature, RateLimit, RETRY_AFTER_META, Tool } from '@armature/core';
import { Module } from '@armature/di';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { RedisRateLimitStore, type RedisRateLimitOptions } from '../src/redis-rate-limits';
import { post2026 } from './support/job-app';
import { type RedisServer, startRedisServer } from './support/redis-server';

const HOUR = 3_600_000;
let runs = 0;

class LimitedTools {
  @RateLimit({ limit: 5, windowMs: HOUR, per: 'global' })
  @Tool({ description: 'Counts its runs.', inputSchema: { type: 'object' } })
  lookup(): string {
    runs++;
    return 'found';
  }

  @Tool({ description: 'Never limited.', inputSchema: { type: 'object' } })
  ping(): string {
    return 'pong';
  }
}

@Module({ handlers: [LimitedTools] })
class LimitedModule {}

interface Node {
  readonly http: HttpListenHandle;
  close(): Promise<void>;
}

async function startNode(name: string, options: RedisRateLimitOptions): Promise<Node> {
  const store = new RedisRateLimitStore(options);
  const app = await Armature.create(LimitedModule, {
    name,
    version: '1.0.0',
    manifest: { armature: 1, handlers: {} },
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
    // An app-wide budget per session: in Redis for a 2025 session (it has an id) and for a 2026 request (its client address's).
    rateLimit: { limit: 1_000, windowMs: HOUR },
    rateLimitStore: store,
  });
  const http = await listenHttp(app, { port: 0 });
  return {
    http,
    async close() {
      await app.close({ drainMs: 0 });
      await http.close();
      await store.close();
    },
  };
}

async function connectV1(url: string): Promise<Client> {
  const client = new Client({ name: 'limits-v1', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

describe('rate limits shared by instances on Redis (two apps, real redis-server, SDK v1 + 2026 over HTTP)', function () {
  this.timeout(30_000);
  let redis: RedisServer;
  let a: Node;
  let b: Node;

  before(async () => {
    redis = await startRedisServer();
    a = await startNode('limits-a', { url: redis.url });
    b = await startNode('limits-b', { url: redis.url });
  });
  after(async () => {
    await a.close();
    await b.close();
    await redis.stop();
  });

  it('a global limit of 5 lets exactly 5 of 24 concurrent calls spread over two instances and both revisions run', async () => {
    runs = 0;
    const onA = await connectV1(a.http.url);
    const onB = await connectV1(b.http.url);
    try {
      const calls = Array.from({ length: 24 }, (_, i) => {
        if (i % 3 === 0) return onA.callTool({ name: 'lookup', arguments: {} });
        if (i % 3 === 1) return onB.callTool({ name: 'lookup', arguments: {} });
        return post2026(i % 2 === 0 ? a.http.url : b.http.url, 'tools/call', { name: 'lookup', arguments: {} }, 'lookup', {}).then(
          (r) => r.result!,
        );
      });
      const results = (await Promise.all(calls)) as { isError?: boolean; content: { text: string }[]; _meta?: Record<string, unknown> }[];
      const refused = results.filter((r) => r.isError === true);
      expect(runs).to.equal(5);
      expect(refused).to.have.length(19);
      for (const r of refused) {
        expect(r.content[0]!.text).to.match(/^Rate limit reached for tool "lookup": too many calls\. Try again in \d+ minutes?/);
        expect(r._meta?.[RETRY_AFTER_META]).to.be.a('number').greaterThan(0);
      }
      // Unlimited tools are not affected.
      expect((await onB.callTool({ name: 'ping', arguments: {} })).content).to.deep.equal([{ type: 'text', text: 'pong' }]);
    } finally {
      await onA.close();
      await onB.close();
    }
  });

  it("with whenUnavailable 'refuse', a limited call while Redis is down gets -32603 at once and the server keeps serving", async () => {
    const stopped = await startRedisServer();
    const strict = await startNode('limits-strict', { url: stopped.url, whenUnavailable: 'refuse' });
    try {
      await stopped.stop();
      const refused = await post2026(strict.http.url, 'tools/call', { name: 'lookup', arguments: {} }, 'lookup', {});
      expect(refused.error?.code, JSON.stringify(refused)).to.equal(-32603);
      expect(refused.error!.message).to.match(/^The rate limiter is unavailable right now \(Redis: .*\); try again in a few seconds$/);
      // ping spends only the app-wide per-session budget: a 2026 request has no session, so it spends its client
      // address's budget instead, which is shared in Redis too: the same clear error.
      const stateless = await post2026(strict.http.url, 'tools/call', { name: 'ping', arguments: {} }, 'ping', {});
      expect(stateless.error?.code, JSON.stringify(stateless)).to.equal(-32603);
      expect(stateless.error!.message).to.match(/The rate limiter is unavailable right now/);
      // A 2025 session has an id, so its budget lives in Redis: the same clear error; the rest of the session keeps working.
      const client = await connectV1(strict.http.url);
      try {
        expect((await client.listTools()).tools.map((t) => t.name).sort()).to.deep.equal(['lookup', 'ping']);
        const failed = await client.callTool({ name: 'ping', arguments: {} }).then(
          () => undefined,
          (error: unknown) => error as { code?: number; message: string },
        );
        expect(failed?.code).to.equal(-32603);
        expect(failed!.message).to.match(/The rate limiter is unavailable right now/);
        expect((await client.listTools()).tools).to.have.length(2);
      } finally {
        await client.close();
      }
    } finally {
      await strict.close();
    }
  });

  it("with the default ('allow'), a limited call while Redis is down runs", async () => {
    const stopped = await startRedisServer();
    const lenient = await startNode('limits-lenient', { url: stopped.url });
    try {
      await stopped.stop();
      runs = 0;
      const ran = await post2026(lenient.http.url, 'tools/call', { name: 'lookup', arguments: {} }, 'lookup', {});
      expect(ran.result!.content).to.deep.equal([{ type: 'text', text: 'found' }]);
      expect(runs).to.equal(1);
    } finally {
      await lenient.close();
    }
  });
});
