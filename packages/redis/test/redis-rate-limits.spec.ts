import { expect } from 'chai';
import { createClient } from 'redis';
import { isMcpWireError } from '@armature/core';
import { type RateLimitBucket } from '@armature/core/ports';
import { RedisRateLimitStore } from '../src/redis-rate-limits';
import { type RedisServer, startRedisServer } from './support/redis-server';

const HOUR = 3_600_000;
const bucket = (limitId: string, capacity: number, windowMs = HOUR): RateLimitBucket => ({
  limitId,
  capacity,
  ratePerMs: capacity / windowMs,
});

/** The token-bucket script on a real redis-server: atomic across connections, expiring, failing as configured. */
describe('RedisRateLimitStore (real redis-server)', function () {
  this.timeout(30_000);
  let redis: RedisServer;
  const stores: RedisRateLimitStore[] = [];
  const store = (options: Partial<ConstructorParameters<typeof RedisRateLimitStore>[0]> = {}, url = redis.url): RedisRateLimitStore => {
    const created = new RedisRateLimitStore({ url, ...options });
    stores.push(created);
    return created;
  };

  before(async () => {
    redis = await startRedisServer();
  });
  after(async () => {
    for (const s of stores) await s.close();
    await redis.stop();
  });

  it('spends a bucket of `capacity` calls, then says how long to wait; a give-back frees one call', async () => {
    const s = store();
    const b = bucket('tool:search', 3);
    expect([await s.take(b, 'key:alice'), await s.take(b, 'key:alice'), await s.take(b, 'key:alice')]).to.deep.equal([0, 0, 0]);
    const wait = await s.take(b, 'key:alice');
    // One call per 20 minutes refills: the wait is at most one interval.
    expect(wait)
      .to.be.greaterThan(0)
      .and.at.most(HOUR / 3);
    await s.restore(b, 'key:alice');
    expect(await s.take(b, 'key:alice')).to.equal(0);
    expect(await s.take(b, 'key:alice')).to.be.greaterThan(0);
  });

  it('keeps keys and limits apart, and stores each budget under one key that expires when the bucket is full again', async () => {
    const s = store();
    const b = bucket('tool:export', 1, 60_000);
    expect(await s.take(b, 'key:bob')).to.equal(0);
    expect(await s.take(b, 'key:carol')).to.equal(0);
    expect(await s.take(bucket('app', 1, 60_000), 'key:bob')).to.equal(0);
    expect(await s.take(b, 'key:bob')).to.be.greaterThan(0);
    const inspect = createClient({ url: redis.url });
    await inspect.connect();
    try {
      const ttl = await inspect.pTTL('{armature}:ratelimit:tool:export:key:bob');
      expect(ttl).to.be.greaterThan(0).and.at.most(60_000);
      const long = 'key:' + 'x'.repeat(500);
      expect(await s.take(b, long)).to.equal(0);
      const keys = await inspect.keys('{armature}:ratelimit:tool:export:*');
      // A long key is stored as its SHA-256: nothing a client sent grows Redis's key space unbounded.
      expect(
        keys.every((k) => k.length < 120),
        keys.join(','),
      ).to.equal(true);
      expect(keys).to.have.length(3);
    } finally {
      await inspect.close();
    }
  });

  it('never lets more than `capacity` calls through when two connections race for one budget', async () => {
    const first = store();
    const second = store();
    const b = bucket('app', 10);
    const waits = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? first : second).take(b, 'key:')));
    expect(waits.filter((w) => w === 0)).to.have.length(10);
    expect(waits.filter((w) => w > 0)).to.have.length(50);
  });

  it("refills at the limit's rate (Redis's clock)", async () => {
    const s = store();
    // One token a second: wide enough that a loaded machine cannot refill it between two takes.
    const b = bucket('tool:fast', 1, 1000);
    expect(await s.take(b, 'key:r')).to.equal(0);
    const wait = await s.take(b, 'key:r');
    expect(wait).to.be.greaterThan(0).and.at.most(1000);
    await new Promise((resolve) => setTimeout(resolve, wait + 20));
    expect(await s.take(b, 'key:r')).to.equal(0);
  });

  describe('while Redis is unreachable', () => {
    let gone: RedisServer;
    before(async () => {
      gone = await startRedisServer();
      await gone.stop();
    });

    it("'allow' (the default) lets calls through and reports the outage once", async () => {
      const errors: Error[] = [];
      const s = store({ onError: (error) => errors.push(error) }, gone.url);
      const waits = [
        await s.take(bucket('app', 1), 'key:x'),
        await s.take(bucket('app', 1), 'key:x'),
        await s.take(bucket('app', 1), 'key:x'),
      ];
      expect(waits).to.deep.equal([0, 0, 0]);
      const outages = errors.filter((e) => /rate limiter is unavailable right now/.test(e.message));
      expect(outages, errors.map((e) => e.message).join('\n')).to.have.length(1);
    });

    it("'refuse' answers -32603 with an actionable message within the rate-limit timeout", async () => {
      const s = store({ whenUnavailable: 'refuse' }, gone.url);
      let thrown: unknown;
      try {
        await s.take(bucket('app', 1), 'key:x');
      } catch (error) {
        thrown = error;
      }
      expect(isMcpWireError(thrown), String(thrown)).to.equal(true);
      expect((thrown as { code: number }).code).to.equal(-32603);
      expect((thrown as Error).message).to.match(/^The rate limiter is unavailable right now \(Redis: .*\); try again in a few seconds$/);
    });
  });
});
