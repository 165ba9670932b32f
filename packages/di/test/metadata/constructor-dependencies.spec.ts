import { expect } from 'chai';
import { Container, Inject, Injectable, Module, Optional } from '../../src';
import { readConstructorDependencies } from '../../src/metadata/constructor-dependencies';

@Injectable()
class Dep {}
@Injectable()
class Other {}

describe('constructor dependencies', () => {
  it('are read once, at @Injectable: later metadata changes do not matter', async () => {
    @Injectable()
    class Reads {
      constructor(readonly dep: Dep) {}
    }
    Reflect.defineMetadata('design:paramtypes', [Other], Reads);
    @Module({ providers: [Dep, Other, Reads] })
    class M {}
    const c = await Container.create(M);
    expect(c.get(Reads).dep).to.be.instanceOf(Dep);
    expect(readConstructorDependencies(Reads)).to.equal(readConstructorDependencies(Reads));
  });

  it('resolution never reflects: request, session and transient resolutions work with reflection disabled', async () => {
    @Injectable({ scope: 'request' })
    class PerRequest {
      constructor(
        readonly dep: Dep,
        @Inject('v') readonly v: number,
      ) {}
    }
    @Injectable({ scope: 'transient' })
    class PerUse {
      constructor(readonly r: PerRequest) {}
    }
    @Injectable({ scope: 'session' })
    class PerSession {
      constructor(@Optional() readonly other: Other) {}
    }
    @Module({ providers: [Dep, PerRequest, PerUse, PerSession, { provide: 'v', useValue: 3 }] })
    class M {}
    const c = await Container.create(M);
    const saved = { getMetadata: Reflect.getMetadata, getOwnMetadata: Reflect.getOwnMetadata };
    let reflected = 0;
    Reflect.getMetadata = (() => void reflected++) as typeof Reflect.getMetadata;
    Reflect.getOwnMetadata = (() => void reflected++) as typeof Reflect.getOwnMetadata;
    try {
      const session = c.createContext('session');
      const request = c.createContext('request', session);
      const use = await request.resolve(PerUse);
      expect(use.r.v).to.equal(3);
      expect(use.r.dep).to.equal(c.get(Dep));
      expect((await request.resolve(PerSession)).other).to.equal(undefined);
      expect(c.scopeOf(PerUse)).to.equal('request');
      await request.dispose();
    } finally {
      Object.assign(Reflect, saved);
    }
    expect(reflected).to.equal(0);
  });

  it('records tokens, optional marks and erased types per parameter', () => {
    @Injectable()
    class Mixed {
      constructor(
        readonly dep: Dep,
        @Optional() @Inject('t') readonly t: string,
        readonly erased: Dep | Other,
      ) {}
    }
    const { specs } = readConstructorDependencies(Mixed);
    expect(specs.map((s) => [s.index, s.token, s.optional, s.problem])).to.deep.equal([
      [0, Dep, false, undefined],
      [1, 't', true, undefined],
      [2, undefined, false, 'erased'],
    ]);
  });

  it('marks parameters of an undecorated class as lacking metadata', () => {
    class Bare {
      constructor(
        readonly a: Dep,
        readonly b: Dep,
      ) {}
    }
    expect(readConstructorDependencies(Bare).specs.map((s) => s.problem)).to.deep.equal(['no-metadata', 'no-metadata']);
  });
});
