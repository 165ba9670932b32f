import { expect } from 'chai';
import { Container, Inject, Injectable, InjectionToken, Module } from '../../src';
import { rejection, thrown } from '../support/errors';

abstract class RequestInfo {
  abstract readonly id: number;
}
const USER = new InjectionToken<string>('USER');

@Injectable({ scope: 'request' })
class Audit {
  constructor(
    readonly info: RequestInfo,
    @Inject(USER) readonly user: string,
  ) {}
}
@Injectable()
class Handlers {}

@Module({
  providers: [{ provide: RequestInfo, scope: 'request', fromContext: true }, { provide: USER, scope: 'session', fromContext: true }, Audit],
  handlers: [Handlers],
})
class AppModule {}

describe('ResolutionContext', () => {
  let c: Container;
  beforeEach(async () => {
    c = await Container.create(AppModule);
  });

  it('resolves fromContext providers to the values seeded into the request and its session', async () => {
    const session = c.createContext('session').provide(USER, 'ada');
    const info: RequestInfo = { id: 7 };
    const request = c.createContext('request', session).provide(RequestInfo, info);
    const audit = await request.resolve(Audit);
    expect(audit.info).to.equal(info);
    expect(audit.user).to.equal('ada');
    expect(await request.resolve(RequestInfo)).to.equal(info);
    expect(c.scopeOf(RequestInfo)).to.equal('request');
    expect(c.scopeOf(USER)).to.equal('session');
  });

  it('an unseeded fromContext value is a clear error naming the path', async () => {
    const session = c.createContext('session').provide(USER, 'ada');
    const err = await rejection(c.createContext('request', session).resolve(Audit));
    expect(err.message).to.equal(
      'ARM_ERR_CONTEXT_VALUE_MISSING: cannot resolve Audit -> RequestInfo: RequestInfo comes from the request context (fromContext: true), but it was not seeded. ' +
        'Call ctx.provide(RequestInfo, value) on the request context before resolving.',
    );
    const userErr = await rejection(c.createContext('request', c.createContext('session')).provide(RequestInfo, { id: 1 }).resolve(Audit));
    expect(userErr.message).to.equal(
      'ARM_ERR_CONTEXT_VALUE_MISSING: cannot resolve Audit -> InjectionToken(USER): InjectionToken(USER) comes from the session context (fromContext: true), but it was not seeded. ' +
        'Call ctx.provide(USER, value) on the session context before resolving.',
    );
  });

  it('provide() refuses the wrong kind of context and a second seeding', () => {
    const session = c.createContext('session');
    expect(thrown(() => session.provide(RequestInfo, { id: 1 })).message).to.equal(
      "ARM_ERR_CONTEXT_VALUE_CONFLICT: RequestInfo is declared fromContext with scope 'request', so it must be seeded into a request context, not this session context.",
    );
    const request = c.createContext('request', session).provide(RequestInfo, { id: 1 });
    expect(thrown(() => request.provide(RequestInfo, { id: 2 })).message).to.equal(
      'ARM_ERR_CONTEXT_VALUE_CONFLICT: RequestInfo was already seeded into this request context; seed each token once.',
    );
  });

  it('provide() refuses a token that an ordinary provider provides (the value would never be used)', () => {
    expect(thrown(() => c.createContext('request').provide(Audit, {} as Audit)).message).to.equal(
      "ARM_ERR_CONTEXT_VALUE_CONFLICT: Audit is an ordinary provider, so a seeded value would never be used. Declare it as { provide: Audit, scope: 'request', fromContext: true } to seed it per request.",
    );
  });

  it('provide() accepts tokens no provider declares (nothing reads them)', async () => {
    const request = c.createContext('request').provide('extra', 1);
    expect(request.kind).to.equal('request');
    expect((await rejection(request.resolve('extra'))).code).to.equal('ARM_ERR_UNKNOWN_TOKEN');
  });

  it('singletons resolve through any context without creating anything in it', async () => {
    const request = c.createContext('request');
    expect(await request.resolve(Handlers)).to.equal(c.get(Handlers));
    await request.dispose();
  });
});
