import { expect } from 'chai';
import { Container, Inject, Injectable, Module } from '../../src';
import { rejection, thrown } from '../support/errors';

let counter = 0;
const next = (): number => ++counter;

@Injectable()
class Single {
  readonly id = next();
}
@Injectable({ scope: 'transient' })
class Fresh {
  readonly id = next();
}
@Injectable({ scope: 'session' })
class PerSession {
  readonly id = next();
}
@Injectable({ scope: 'request' })
class PerRequest {
  readonly id = next();
  constructor(
    readonly session: PerSession,
    readonly single: Single,
  ) {}
}
@Injectable({ scope: 'transient' })
class NeedsRequest {
  constructor(readonly request: PerRequest) {}
}
@Injectable({ scope: 'transient' })
class NeedsSession {
  constructor(readonly session: PerSession) {}
}
@Injectable({ scope: 'request' })
class TwoFresh {
  constructor(
    readonly a: Fresh,
    readonly b: Fresh,
  ) {}
}

@Module({ providers: [Single, Fresh, PerSession, PerRequest, NeedsRequest, NeedsSession, TwoFresh] })
class ScopesModule {}

describe('scopes', () => {
  let c: Container;
  beforeEach(async () => {
    c = await Container.create(ScopesModule);
  });

  it('singleton: one instance per container, from get() and resolve() alike', async () => {
    expect(c.get(Single)).to.equal(c.get(Single));
    expect(await c.resolve(Single)).to.equal(c.get(Single));
    expect(await c.createContext('request').resolve(Single)).to.equal(c.get(Single));
    const other = await Container.create(ScopesModule);
    expect(other.get(Single)).to.not.equal(c.get(Single));
  });

  it('transient: a new instance per injection and per resolution', async () => {
    const two = await c.createContext('request').resolve(TwoFresh);
    expect(two.a).to.be.instanceOf(Fresh);
    expect(two.a).to.not.equal(two.b);
    expect(await c.resolve(Fresh)).to.not.equal(await c.resolve(Fresh));
  });

  it('session: one instance per session context, shared by its request contexts', async () => {
    const s1 = c.createContext('session');
    const s2 = c.createContext('session');
    const a = await s1.resolve(PerSession);
    expect(await s1.resolve(PerSession)).to.equal(a);
    expect(await s2.resolve(PerSession)).to.not.equal(a);
    const r = c.createContext('request', s1);
    expect(await r.resolve(PerSession)).to.equal(a);
    expect((await r.resolve(PerRequest)).session).to.equal(a);
  });

  it('request: one instance per request context', async () => {
    const s = c.createContext('session');
    const r1 = c.createContext('request', s);
    const r2 = c.createContext('request', s);
    const a = await r1.resolve(PerRequest);
    expect(await r1.resolve(PerRequest)).to.equal(a);
    expect(await r2.resolve(PerRequest)).to.not.equal(a);
    expect(a.single).to.equal(c.get(Single));
  });

  it('concurrent resolutions in one context share one instance', async () => {
    const r = c.createContext('request', c.createContext('session'));
    const all = await Promise.all([r.resolve(PerRequest), r.resolve(PerRequest), r.resolve(PerRequest)]);
    expect(new Set(all).size).to.equal(1);
  });

  it('container.resolve(token, ctx) and ctx.resolve(token) agree', async () => {
    const r = c.createContext('request', c.createContext('session'));
    expect(await c.resolve(PerRequest, r)).to.equal(await r.resolve(PerRequest));
  });

  it('reports effective scopes: a transient takes the shortest scope it needs', () => {
    expect(c.scopeOf(Single)).to.equal('singleton');
    expect(c.scopeOf(Fresh)).to.equal('transient');
    expect(c.scopeOf(PerSession)).to.equal('session');
    expect(c.scopeOf(PerRequest)).to.equal('request');
    expect(c.scopeOf(NeedsRequest)).to.equal('request');
    expect(c.scopeOf(NeedsSession)).to.equal('session');
  });

  it('an effectively request-scoped transient is still new on each resolution', async () => {
    const r = c.createContext('request', c.createContext('session'));
    const a = await r.resolve(NeedsRequest);
    const b = await r.resolve(NeedsRequest);
    expect(a).to.not.equal(b);
    expect(a.request).to.equal(b.request);
  });

  it('get() refuses anything but a singleton, naming the scope', () => {
    expect(thrown(() => c.get(PerRequest)).message).to.equal(
      'ARM_ERR_NOT_SINGLETON: get(PerRequest): PerRequest is request-scoped, not a singleton. Use await container.resolve(PerRequest, ctx).',
    );
    expect(thrown(() => c.get(Fresh)).code).to.equal('ARM_ERR_NOT_SINGLETON');
    expect(thrown(() => c.get(NeedsSession)).message).to.contain('NeedsSession is session-scoped');
  });

  it('resolving a request-scoped token without a request context fails clearly', async () => {
    const none = await rejection(c.resolve(PerRequest));
    expect(none.message).to.equal(
      "ARM_ERR_CONTEXT_REQUIRED: cannot resolve PerRequest: PerRequest is request-scoped, so resolve it from a request context: container.createContext('request', sessionCtx).resolve(…).",
    );
    const fromSession = await rejection(c.createContext('session').resolve(NeedsRequest));
    expect(fromSession.message).to.equal(
      "ARM_ERR_CONTEXT_REQUIRED: cannot resolve NeedsRequest: NeedsRequest is effectively request-scoped (it needs request-scoped providers), so resolve it from a request context: container.createContext('request', sessionCtx).resolve(…).",
    );
  });

  it('resolving a session-scoped token from a request context without a session fails clearly', async () => {
    const err = await rejection(c.createContext('request').resolve(PerSession));
    expect(err.message).to.equal(
      "ARM_ERR_CONTEXT_REQUIRED: cannot resolve PerSession: PerSession is session-scoped, but this request context has no session context: create it with container.createContext('request', sessionCtx).",
    );
    const viaRequest = await rejection(c.createContext('request').resolve(PerRequest));
    expect(viaRequest.message).to.equal(
      "ARM_ERR_CONTEXT_REQUIRED: cannot resolve PerRequest -> PerSession: PerSession is session-scoped, but this request context has no session context: create it with container.createContext('request', sessionCtx).",
    );
    const none = await rejection(c.resolve(PerSession));
    expect(none.message).to.equal(
      "ARM_ERR_CONTEXT_REQUIRED: cannot resolve PerSession: PerSession is session-scoped, so resolve it from a session context (container.createContext('session')) or from a request context created with one.",
    );
  });

  it('unknown tokens fail in get, resolve, scopeOf; has() says false', async () => {
    expect(c.has('nope')).to.equal(false);
    expect(c.has(Single)).to.equal(true);
    expect(thrown(() => c.get('nope')).message).to.equal(
      "ARM_ERR_UNKNOWN_TOKEN: 'nope' is not provided by any module of this container. Register it in a module's providers.",
    );
    expect((await rejection(c.resolve('nope'))).code).to.equal('ARM_ERR_UNKNOWN_TOKEN');
    expect(thrown(() => c.scopeOf('nope')).code).to.equal('ARM_ERR_UNKNOWN_TOKEN');
  });

  it('createContext rejects a bad kind or parent', () => {
    const s = c.createContext('session');
    const r = c.createContext('request', s);
    expect(thrown(() => c.createContext('request', r)).code).to.equal('ARM_ERR_INVALID_CONTEXT');
    expect(thrown(() => (c.createContext as (k: string, p?: unknown) => unknown)('session', s)).code).to.equal('ARM_ERR_INVALID_CONTEXT');
    expect(thrown(() => (c.createContext as (k: string) => unknown)('global')).message).to.equal(
      `ARM_ERR_INVALID_CONTEXT: createContext("global"): the kind must be 'session' or 'request'.`,
    );
    expect(r.kind).to.equal('request');
    expect(r.parent).to.equal(s);
  });

  it('a context of another container is refused', async () => {
    const other = await Container.create(ScopesModule);
    const foreign = other.createContext('request', other.createContext('session'));
    expect((await rejection(c.resolve(PerRequest, foreign))).code).to.equal('ARM_ERR_INVALID_CONTEXT');
    expect(thrown(() => c.createContext('request', other.createContext('session'))).code).to.equal('ARM_ERR_INVALID_CONTEXT');
  });

  it('a factory provider can be request-scoped', async () => {
    let made = 0;
    @Injectable()
    class Reader {
      constructor(@Inject('req-id') readonly id: number) {}
    }
    @Module({
      providers: [
        { provide: 'req-id', useFactory: () => ++made, scope: 'request' },
        { provide: Reader, useClass: Reader, scope: 'request' },
      ],
    })
    class M {}
    const k = await Container.create(M);
    expect(k.scopeOf('req-id')).to.equal('request');
    const r1 = k.createContext('request');
    expect((await r1.resolve(Reader)).id).to.equal(await r1.resolve('req-id'));
    expect(await k.createContext('request').resolve('req-id')).to.equal(2);
  });
});
