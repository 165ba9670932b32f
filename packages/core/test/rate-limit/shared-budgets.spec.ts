import { expect } from 'chai';
import type { RequestContext } from '../../src/context/request-context';
import { principalKey } from '../../src';
import { RateLimiter } from '../../src/rate-limit/rate-limiter';
import type { RateLimitBucket, RateLimitStore } from '../../src/rate-limit/rate-limit-store';
import { spendCall } from '../../src/rate-limit/spend-call';
import { TokenBucket } from '../../src/rate-limit/token-bucket';

/**
 * A `RateLimitStore` that answers asynchronously, as a networked one does, over real token
 * buckets on a test clock; it records what it was asked. (The Redis store has its own tests on
 * a real redis-server; this one checks core's side of the port.)
 */
class AsyncStore implements RateLimitStore {
  readonly asked: string[] = [];
  private readonly buckets = new Map<string, TokenBucket>();
  constructor(private readonly now: () => number) {}

  async take(bucket: RateLimitBucket, key: string): Promise<number> {
    this.asked.push(`take ${bucket.limitId} ${key}`);
    await Promise.resolve();
    return this.bucketOf(bucket, key).take(this.now());
  }

  async restore(bucket: RateLimitBucket, key: string): Promise<void> {
    this.asked.push(`restore ${bucket.limitId} ${key}`);
    await Promise.resolve();
    this.bucketOf(bucket, key).restore();
  }

  private bucketOf(bucket: RateLimitBucket, key: string): TokenBucket {
    const name = `${bucket.limitId}/${key}`;
    let found = this.buckets.get(name);
    if (found === undefined) this.buckets.set(name, (found = new TokenBucket(bucket.capacity, bucket.ratePerMs, this.now())));
    return found;
  }
}

function request(sessionId: string | undefined, clientId?: string): RequestContext {
  return {
    session: { id: sessionId },
    authInfo: clientId === undefined ? undefined : { token: 't', clientId, scopes: [] },
  } as unknown as RequestContext;
}

describe('RateLimiter with a shared RateLimitStore', () => {
  let now = 0;
  const clock = (): number => now;
  beforeEach(() => (now = 0));

  it("keeps budgets with a string key in the store under the limit's name, and answers with a promise", async () => {
    const store = new AsyncStore(clock);
    const perPrincipal = new RateLimiter({ limit: 1, windowMs: 1000, per: 'principal' }, clock, undefined, {
      store,
      limitId: 'tool:export',
    });
    const pending = perPrincipal.take(request('s1', 'alice'));
    expect(pending).to.be.instanceOf(Promise);
    expect(await pending).to.equal(0);
    expect(await perPrincipal.take(request('s2', 'alice')), 'same principal, other session').to.equal(1000);
    expect(await perPrincipal.take(request('s2', 'bob'))).to.equal(0);
    // The store is keyed by the principal's digest (`principalKey`), never by a readable client id or subject.
    const alice = principalKey({ token: 't', clientId: 'alice', scopes: [] });
    const bob = principalKey({ token: 't', clientId: 'bob', scopes: [] });
    expect(store.asked).to.deep.equal([`take tool:export key:${alice}`, `take tool:export key:${alice}`, `take tool:export key:${bob}`]);
  });

  it('puts a session with an id in the store, and keeps a session without one in the process (synchronous)', async () => {
    const store = new AsyncStore(clock);
    const perSession = new RateLimiter({ limit: 1, windowMs: 1000 }, clock, undefined, { store, limitId: 'app' });
    expect(await perSession.take(request('abc'))).to.equal(0);
    expect(store.asked).to.deep.equal(['take app session:abc']);
    const local = request(undefined);
    expect(perSession.take(local)).to.equal(0);
    expect(perSession.take(local)).to.equal(1000);
    expect(store.asked).to.have.length(1);
  });

  it("gives the tool's token back through the store when the app-wide limit refuses, and says how long to wait", async () => {
    const store = new AsyncStore(clock);
    const own = new RateLimiter({ limit: 5, windowMs: 1000, per: 'global' }, clock, undefined, { store, limitId: 'tool:search' });
    const appWide = new RateLimiter({ limit: 1, windowMs: 1000, per: 'global' }, clock, undefined, { store, limitId: 'app' });
    expect(await spendCall(own, appWide, request('a'))).to.equal(0);
    expect(await spendCall(own, appWide, request('b'))).to.equal(1000);
    expect(store.asked.slice(-3)).to.deep.equal(['take tool:search key:', 'take app key:', 'restore tool:search key:']);
    // The tool's own budget lost only the call that ran: four left.
    for (let i = 0; i < 4; i++) expect(await own.take(request('c'))).to.equal(0);
    expect(await own.take(request('c'))).to.be.greaterThan(0);
  });

  it("does not ask the app-wide limit when the tool's own refuses", async () => {
    const store = new AsyncStore(clock);
    const own = new RateLimiter({ limit: 1, windowMs: 1000, per: 'global' }, clock, undefined, { store, limitId: 'tool:x' });
    const appWide = new RateLimiter({ limit: 10, windowMs: 1000, per: 'global' }, clock, undefined, { store, limitId: 'app' });
    await spendCall(own, appWide, request('a'));
    store.asked.length = 0;
    expect(await spendCall(own, appWide, request('a'))).to.equal(1000);
    expect(store.asked).to.deep.equal(['take tool:x key:']);
  });
});
