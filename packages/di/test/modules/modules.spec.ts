import { expect } from 'chai';
import { Container, Inject, Injectable, InjectionToken, Module, forwardRef, type DynamicModule } from '../../src';
import { CatsModule } from '../fixtures/modules/cats.module';
import { CatsService } from '../fixtures/modules/cats.service';

const OPTIONS = new InjectionToken<{ url: string }>('OPTIONS');

@Injectable()
class Connection {
  constructor(@Inject(OPTIONS) readonly options: { url: string }) {}
}

@Module({ providers: [Connection], exports: [Connection] })
class DatabaseModule {
  static forRoot(url: string, global = false): DynamicModule {
    return { module: DatabaseModule, providers: [{ provide: OPTIONS, useValue: { url } }], exports: [OPTIONS], global };
  }
}

describe('modules', () => {
  it('a module sees what its imports export', async () => {
    @Injectable()
    class Repo {
      constructor(readonly connection: Connection) {}
    }
    @Module({ imports: [DatabaseModule.forRoot('pg://a')], providers: [Repo] })
    class AppModule {}
    const c = await Container.create(AppModule);
    expect(c.get(Repo).connection.options.url).to.equal('pg://a');
  });

  it('each forRoot() object is its own module instance with its own providers', async () => {
    @Injectable()
    class A {
      constructor(readonly connection: Connection) {}
    }
    @Injectable()
    class B {
      constructor(readonly connection: Connection) {}
    }
    @Module({ imports: [DatabaseModule.forRoot('pg://a')], providers: [A], exports: [A] })
    class AModule {}
    @Module({ imports: [DatabaseModule.forRoot('pg://b')], providers: [B], exports: [B] })
    class BModule {}
    @Module({ imports: [AModule, BModule] })
    class AppModule {}
    const c = await Container.create(AppModule);
    expect(c.get(A).connection.options.url).to.equal('pg://a');
    expect(c.get(B).connection.options.url).to.equal('pg://b');
    expect(c.modules.map((m) => `${m.name}${m.dynamic ? '*' : ''}`)).to.deep.equal([
      'AppModule',
      'AModule',
      'DatabaseModule*',
      'BModule',
      'DatabaseModule*',
    ]);
    // The edges of the graph: each module's imports, in declared order.
    const [app, a, aDatabase, b, bDatabase] = c.modules;
    expect(app && c.importsOf(app)).to.deep.equal([a, b]);
    expect(a && c.importsOf(a)).to.deep.equal([aDatabase]);
    expect(b && c.importsOf(b)).to.deep.equal([bDatabase]);
    expect(aDatabase && c.importsOf(aDatabase)).to.deep.equal([]);
  });

  it('a module class imported from several places is one module with one set of singletons', async () => {
    let made = 0;
    @Injectable()
    class Counter {
      readonly n = ++made;
    }
    @Module({ providers: [Counter], exports: [Counter] })
    class SharedModule {}
    @Injectable()
    class X {
      constructor(readonly counter: Counter) {}
    }
    @Injectable()
    class Y {
      constructor(readonly counter: Counter) {}
    }
    @Module({ imports: [SharedModule], providers: [X], exports: [X] })
    class XModule {}
    @Module({ imports: [SharedModule], providers: [Y], exports: [Y] })
    class YModule {}
    @Module({ imports: [XModule, YModule] })
    class AppModule {}
    const c = await Container.create(AppModule);
    expect(c.get(X).counter).to.equal(c.get(Y).counter);
    expect(made).to.equal(1);
  });

  it('a module re-exports an imported module', async () => {
    @Module({ imports: [DatabaseModule.forRoot('pg://re')], exports: [DatabaseModule] })
    class CoreModule {}
    @Injectable()
    class Repo {
      constructor(
        readonly connection: Connection,
        @Inject(OPTIONS) readonly options: { url: string },
      ) {}
    }
    @Module({ imports: [CoreModule], providers: [Repo] })
    class AppModule {}
    const c = await Container.create(AppModule);
    expect(c.get(Repo).options.url).to.equal('pg://re');
  });

  it('a global module is visible everywhere once imported', async () => {
    @Injectable()
    class Deep {
      constructor(readonly connection: Connection) {}
    }
    @Module({ providers: [Deep], exports: [Deep] })
    class FeatureModule {}
    @Module({ imports: [FeatureModule, DatabaseModule.forRoot('pg://global', true)] })
    class AppModule {}
    const c = await Container.create(AppModule);
    expect(c.get(Deep).connection.options.url).to.equal('pg://global');
    expect(c.modules.find((m) => m.dynamic)?.global).to.equal(true);
  });

  it('a module prefers its own provider over an imported one with the same token', async () => {
    @Module({ providers: [{ provide: 'name', useValue: 'imported' }], exports: ['name'] })
    class Lib {}
    @Injectable()
    class Reader {
      constructor(@Inject('name') readonly name: string) {}
    }
    @Module({ imports: [Lib], providers: [{ provide: 'name', useValue: 'own' }, Reader] })
    class AppModule {}
    expect((await Container.create(AppModule)).get(Reader).name).to.equal('own');
  });

  it('the same token in two modules gives each module its own instance', async () => {
    @Injectable()
    class Cache {}
    @Injectable()
    class UsesCache {
      constructor(readonly cache: Cache) {}
    }
    @Module({ providers: [Cache, UsesCache], exports: [UsesCache] })
    class A {}
    @Module({ imports: [A], providers: [Cache] })
    class AppModule {}
    const c = await Container.create(AppModule);
    const inA = c.get(UsesCache).cache;
    expect(c.get(Cache)).to.not.equal(inA);
    expect(c.get(Cache, c.modules[1])).to.equal(inA);
  });

  it('module import cycles are allowed with forwardRef', async () => {
    const c = await Container.create(CatsModule);
    expect(c.modules.map((m) => m.name)).to.deep.equal(['CatsModule', 'DogsModule']);
    expect(c.get(CatsService).dogs.bark()).to.equal('woof');
  });

  it('handlers are providers, listed in module order with their effective scope and module', async () => {
    @Injectable({ scope: 'request' })
    class Audit {}
    @Injectable()
    class LibHandlers {}
    @Injectable({ scope: 'transient' })
    class PerCall {
      constructor(readonly audit: Audit) {}
    }
    @Module({ providers: [Audit], handlers: [LibHandlers, PerCall], exports: [LibHandlers] })
    class LibModule {
      static forRoot(): DynamicModule {
        return { module: LibModule, handlers: [Extra] };
      }
    }
    @Injectable({ scope: 'session' })
    class Extra {}
    @Injectable()
    class AppHandlers {
      constructor(readonly lib: LibHandlers) {}
    }
    @Module({ imports: [LibModule.forRoot()], providers: [AppHandlers], handlers: [AppHandlers], exports: [] })
    class AppModule {}
    const c = await Container.create(AppModule);
    expect(c.handlers.map((h) => [h.type.name, h.scope, h.module.name])).to.deep.equal([
      ['AppHandlers', 'singleton', 'AppModule'],
      ['LibHandlers', 'singleton', 'LibModule'],
      ['PerCall', 'request', 'LibModule'],
      ['Extra', 'session', 'LibModule'],
    ]);
    expect(c.get(AppHandlers).lib).to.equal(c.get(LibHandlers));
    expect(Object.isFrozen(c.handlers)).to.equal(true);
  });

  it('accepts a dynamic module as the root (how a host wraps an app module)', async () => {
    class HostRoot {}
    @Injectable()
    class UsesHost {
      constructor(@Inject('host') readonly host: string) {}
    }
    @Module({ providers: [UsesHost], handlers: [UsesHost] })
    class AppModule {}
    const root: DynamicModule = {
      module: HostRoot,
      imports: [
        AppModule,
        { module: class HostGlobals {}, providers: [{ provide: 'host', useValue: 'kernel' }], exports: ['host'], global: true },
      ],
    };
    const c = await Container.create(root);
    expect(c.get(UsesHost).host).to.equal('kernel');
    expect(c.handlers.map((h) => h.type)).to.deep.equal([UsesHost]);
  });

  it('forwardRef in exports is resolved too', async () => {
    @Module({ providers: [{ provide: 'x', useValue: 1 }], exports: [forwardRef(() => 'x')] })
    class Lib {}
    @Injectable()
    class R {
      constructor(@Inject('x') readonly x: number) {}
    }
    @Module({ imports: [Lib], providers: [R] })
    class AppModule {}
    expect((await Container.create(AppModule)).get(R).x).to.equal(1);
  });
});
