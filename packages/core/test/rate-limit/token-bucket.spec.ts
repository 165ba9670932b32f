import { expect } from 'chai';
import type { RequestContext } from '../../src/context/request-context';
import { rateLimitedResult, RETRY_AFTER_META } from '../../src/rate-limit/rate-limit-result';
import { checkRateLimitOptions } from '../../src/rate-limit/rate-limit.options';
import { RateLimiter } from '../../src/rate-limit/rate-limiter';
import { spendCall } from '../../src/rate-limit/spend-call';
import { TokenBucket } from '../../src/rate-limit/token-bucket';

/** A fake request context: a session object and, optionally, a principal. */
function request(session: object, clientId?: string, sub?: string): RequestContext {
  const authInfo =
    clientId === undefined ? undefined : { token: 't', clientId, scopes: [], ...(sub === undefined ? {} : { extra: { sub } }) };
  return { session, authInfo } as unknown as RequestContext;
}

describe('TokenBucket', () => {
  it('allows a burst of `capacity` calls, then one per refill interval', () => {
    const bucket = new TokenBucket(3, 1 / 1000, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0)]).to.deep.equal([0, 0, 0]);
    expect(bucket.take(0)).to.equal(1000);
    expect(bucket.take(400)).to.equal(600);
    expect(bucket.take(1000)).to.equal(0);
    expect(bucket.take(1000)).to.equal(1000);
  });

  it('never holds more than its capacity, and a clock going backwards removes nothing', () => {
    const bucket = new TokenBucket(2, 1, 0);
    expect(bucket.isFull(1_000_000)).to.equal(true);
    bucket.take(1_000_000);
    bucket.take(1_000_000);
    expect(bucket.take(10)).to.equal(1);
    expect(bucket.take(1_000_001)).to.equal(0);
  });

  it('gives a token back with restore, up to capacity', () => {
    const bucket = new TokenBucket(1, 1 / 1000, 0);
    expect(bucket.take(0)).to.equal(0);
    bucket.restore();
    bucket.restore();
    expect(bucket.take(0)).to.equal(0);
    expect(bucket.take(0)).to.be.greaterThan(0);
  });
});

describe('RateLimiter', () => {
  let now = 0;
  const clock = (): number => now;
  beforeEach(() => (now = 0));

  it('keeps one budget per session by default', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000 }, clock);
    const a = {};
    const b = {};
    expect(limiter.take(request(a))).to.equal(0);
    expect(limiter.take(request(a))).to.equal(60_000);
    expect(limiter.take(request(b))).to.equal(0);
  });

  it('shares a budget across sessions of one principal (client id and subject)', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000, per: 'principal' }, clock);
    expect(limiter.take(request({}, 'app', 'alice'))).to.equal(0);
    expect(limiter.take(request({}, 'app', 'alice'))).to.equal(1000);
    expect(limiter.take(request({}, 'app', 'bob'))).to.equal(0);
    const anonymous = {};
    expect(limiter.take(request(anonymous)), 'unauthenticated calls fall back to their session').to.equal(0);
    expect(limiter.take(request(anonymous))).to.equal(1000);
  });

  it('supports one global budget and custom keys', () => {
    const global = new RateLimiter({ limit: 2, windowMs: 1000, per: 'global' }, clock);
    expect([global.take(request({})), global.take(request({})), global.take(request({}))]).to.deep.equal([0, 0, 500]);
    const custom = new RateLimiter({ limit: 1, windowMs: 1000, per: (ctx) => String(ctx.authInfo?.clientId).slice(0, 1) }, clock);
    expect(custom.take(request({}, 'ab'))).to.equal(0);
    expect(custom.take(request({}, 'ac'))).to.equal(1000);
  });

  it('separates burst from rate', () => {
    const limiter = new RateLimiter({ limit: 60, windowMs: 60_000, burst: 2 }, clock);
    const s = {};
    expect([limiter.take(request(s)), limiter.take(request(s)), limiter.take(request(s))]).to.deep.equal([0, 0, 1000]);
  });

  it('keeps a bounded number of keyed buckets, forgetting refilled ones first', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000, per: 'principal' }, clock, 10);
    for (let i = 0; i < 100; i++) limiter.take(request({}, `client-${i}`));
    expect(limiter.keyCount).to.be.at.most(10);
    now = 5000;
    limiter.take(request({}, 'late'));
    expect(limiter.keyCount).to.equal(1);
  });

  it('gives back the first token when the shared limit refuses the call', () => {
    const own = new RateLimiter({ limit: 1, windowMs: 1000 }, clock);
    const shared = new RateLimiter({ limit: 1, windowMs: 1000, per: 'global' }, clock);
    const first = request({});
    expect(spendCall(own, shared, first)).to.equal(0);
    const other = request({});
    expect(spendCall(own, shared, other)).to.equal(1000);
    now = 1000;
    expect(spendCall(own, shared, other), 'its own budget was restored').to.equal(0);
  });
});

describe('rate limit options and refusals', () => {
  it('refuses malformed options with ARM_ERR_INVALID_RATE_LIMIT', () => {
    for (const bad of [
      null,
      {},
      { limit: 0, windowMs: 1 },
      { limit: 1, windowMs: -1 },
      { limit: 1, windowMs: NaN },
      { limit: 1, windowMs: 1, burst: 0.5 },
      { limit: 1, windowMs: 1, per: 'user' },
    ]) {
      expect(() => checkRateLimitOptions(bad, 'X.y'), JSON.stringify(bad))
        .to.throw(/X\.y: rate limit/)
        .with.property('code', 'ARM_ERR_INVALID_RATE_LIMIT');
    }
  });

  it('tells the model when to retry, in words and in _meta', () => {
    const short = rateLimitedResult('search', 1);
    expect(short).to.deep.equal({
      content: [{ type: 'text', text: 'Rate limit reached for tool "search": too many calls. Try again in 1 second.' }],
      isError: true,
      _meta: { [RETRY_AFTER_META]: 1 },
    });
    expect(rateLimitedResult('s', 12_300).content[0]).to.deep.include({
      text: 'Rate limit reached for tool "s": too many calls. Try again in 13 seconds.',
    });
    expect(rateLimitedResult('s', 150_000).content[0]).to.deep.include({
      text: 'Rate limit reached for tool "s": too many calls. Try again in 2 minutes 30 seconds.',
    });
    expect(rateLimitedResult('s', 120_000)._meta).to.deep.equal({ [RETRY_AFTER_META]: 120 });
  });
});
