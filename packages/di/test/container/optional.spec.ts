import { expect } from 'chai';
import { Container, Inject, Injectable, InjectionToken, Module, Optional } from '../../src';

const FEATURE = new InjectionToken<string>('FEATURE');

@Injectable()
class Metrics {}

@Injectable()
class Service {
  constructor(
    @Optional() readonly metrics: Metrics,
    @Optional() @Inject(FEATURE) readonly feature: string | undefined,
  ) {}
}

describe('optional dependencies', () => {
  it('receive undefined when no visible provider has the token', async () => {
    @Module({ providers: [Service] })
    class M {}
    const s = (await Container.create(M)).get(Service);
    expect(s.metrics).to.equal(undefined);
    expect(s.feature).to.equal(undefined);
  });

  it('receive the instance when one is visible', async () => {
    @Module({ providers: [Service, Metrics, { provide: FEATURE, useValue: 'on' }] })
    class M {}
    const c = await Container.create(M);
    expect(c.get(Service).metrics).to.equal(c.get(Metrics));
    expect(c.get(Service).feature).to.equal('on');
  });

  it('stay undefined when the provider exists only in a module that is not visible', async () => {
    @Module({ providers: [Metrics] })
    class Hidden {}
    @Module({ imports: [Hidden], providers: [Service] })
    class M {}
    expect((await Container.create(M)).get(Service).metrics).to.equal(undefined);
  });
});
