import { expect } from 'chai';
import {
  Container,
  DependencyGraphError,
  Inject,
  Injectable,
  InjectionToken,
  Module,
  Optional,
  forwardRef,
  type DynamicModule,
  type Provider,
} from '../../src';
import { SignupService } from '../fixtures/erased/signup.service';
import { rejection } from '../support/errors';

const DB_URL = new InjectionToken<string>('DB_URL');

async function bootError(providers: Provider[], extra: Partial<DynamicModule> = {}): Promise<string> {
  class Root {}
  const err = await rejection(Container.create({ module: Root, providers, ...extra }));
  return err.message;
}

describe('boot-time graph errors', () => {
  describe('ARM_ERR_UNKNOWN_DEPENDENCY', () => {
    it('names the whole path, the parameter and how to register an InjectionToken', async () => {
      @Injectable()
      class NoteStore {
        constructor(@Inject(DB_URL) readonly url: string) {}
      }
      @Injectable()
      class NotesHandlers {
        constructor(readonly store: NoteStore) {}
      }
      @Module({ providers: [NoteStore], handlers: [NotesHandlers] })
      class NotesModule {}
      const err = await rejection(Container.create(NotesModule));
      expect(err.code).to.equal('ARM_ERR_UNKNOWN_DEPENDENCY');
      expect(err.message).to.equal(
        'ARM_ERR_UNKNOWN_DEPENDENCY: cannot resolve NotesHandlers -> NoteStore -> InjectionToken(DB_URL) (parameter #0 of NoteStore). Register it: providers: [{ provide: DB_URL, useValue: … }].',
      );
    });

    it('suggests the class itself for a class token, and the literal for string and symbol tokens', async () => {
      @Injectable()
      class Missing {}
      @Injectable()
      class NeedsMany {
        constructor(readonly m: Missing, @Inject('api.key') readonly key: string, @Inject(Symbol.for('clock')) readonly clock: unknown) {}
      }
      const err = await rejection(Container.create({ module: class Root {}, providers: [NeedsMany] }));
      expect(err).to.be.instanceOf(DependencyGraphError);
      expect((err as DependencyGraphError).problems.map((p) => p.message)).to.deep.equal([
        'ARM_ERR_UNKNOWN_DEPENDENCY: cannot resolve NeedsMany -> Missing (parameter #0 of NeedsMany). Register it: providers: [Missing].',
        "ARM_ERR_UNKNOWN_DEPENDENCY: cannot resolve NeedsMany -> 'api.key' (parameter #1 of NeedsMany). Register it: providers: [{ provide: 'api.key', useValue: … }].",
        'ARM_ERR_UNKNOWN_DEPENDENCY: cannot resolve NeedsMany -> Symbol(clock) (parameter #2 of NeedsMany). Register it: providers: [{ provide: Symbol(clock), useValue: … }].',
      ]);
    });

    it('explains that a primitive-typed parameter needs a token', async () => {
      @Injectable()
      class Server {
        constructor(readonly port: number) {}
      }
      expect(await bootError([Server])).to.equal(
        'ARM_ERR_UNKNOWN_DEPENDENCY: cannot resolve Server -> Number (parameter #0 of Server): the parameter is typed as the built-in Number, which cannot name a provider. ' +
          'Inject it by token: @Inject(TOKEN), with providers: [{ provide: TOKEN, useValue: … }].',
      );
    });

    it('names factory and alias sites', async () => {
      expect(await bootError([{ provide: 'conn', useFactory: (url: string) => url, inject: ['x', DB_URL] }])).to.contain(
        "cannot resolve 'conn' -> 'x' (parameter #0 of the factory for 'conn')",
      );
      expect(await bootError([{ provide: 'alias', useExisting: 'target' }])).to.equal(
        "ARM_ERR_UNKNOWN_DEPENDENCY: cannot resolve 'alias' -> 'target' (the useExisting of 'alias'). Register it: providers: [{ provide: 'target', useValue: … }].",
      );
    });
  });

  describe('ARM_ERR_PROVIDER_NOT_VISIBLE', () => {
    @Injectable()
    class NoteStore {}
    @Injectable()
    class NotesHandlers {
      constructor(readonly store: NoteStore) {}
    }

    it('when the providing module is imported but does not export it', async () => {
      @Module({ providers: [NoteStore] })
      class StorageModule {}
      @Module({ imports: [StorageModule], handlers: [NotesHandlers] })
      class NotesModule {}
      expect((await rejection(Container.create(NotesModule))).message).to.equal(
        'ARM_ERR_PROVIDER_NOT_VISIBLE: cannot resolve NotesHandlers -> NoteStore (parameter #0 of NotesHandlers): NoteStore is provided by StorageModule, which NotesModule imports, but StorageModule does not export it. ' +
          'Add NoteStore to the exports of StorageModule.',
      );
    });

    it('when the providing module exports it but is not imported', async () => {
      @Module({ providers: [NoteStore], exports: [NoteStore] })
      class StorageModule {}
      @Module({ handlers: [NotesHandlers] })
      class NotesModule {}
      @Module({ imports: [NotesModule, StorageModule] })
      class AppModule {}
      expect((await rejection(Container.create(AppModule))).message).to.equal(
        'ARM_ERR_PROVIDER_NOT_VISIBLE: cannot resolve NotesHandlers -> NoteStore (parameter #0 of NotesHandlers): NoteStore is provided and exported by StorageModule, which NotesModule does not import. ' +
          'Add StorageModule to the imports of NotesModule.',
      );
    });

    it('when it is neither exported nor imported', async () => {
      @Module({ providers: [NoteStore, { provide: DB_URL, useValue: 'x' }] })
      class StorageModule {}
      @Injectable()
      class Reader {
        constructor(@Inject(DB_URL) readonly url: string) {}
      }
      @Module({ handlers: [NotesHandlers], providers: [Reader] })
      class NotesModule {}
      @Module({ imports: [NotesModule, StorageModule] })
      class AppModule {}
      const err = (await rejection(Container.create(AppModule))) as DependencyGraphError;
      expect(err.problems.map((p) => p.message)).to.deep.equal([
        'ARM_ERR_PROVIDER_NOT_VISIBLE: cannot resolve NotesHandlers -> NoteStore (parameter #0 of NotesHandlers): NoteStore is provided by StorageModule, which does not export it and is not imported by NotesModule. ' +
          'Add NoteStore to the exports of StorageModule, and StorageModule to the imports of NotesModule.',
        'ARM_ERR_PROVIDER_NOT_VISIBLE: cannot resolve Reader -> InjectionToken(DB_URL) (parameter #0 of Reader): InjectionToken(DB_URL) is provided by StorageModule, which does not export it and is not imported by NotesModule. ' +
          'Add DB_URL to the exports of StorageModule, and StorageModule to the imports of NotesModule.',
      ]);
    });

    it('a module does not see what its imports import (no transitive visibility)', async () => {
      @Module({ providers: [NoteStore], exports: [NoteStore] })
      class StorageModule {}
      @Module({ imports: [StorageModule] })
      class MiddleModule {}
      @Module({ imports: [MiddleModule], handlers: [NotesHandlers] })
      class NotesModule {}
      expect((await rejection(Container.create(NotesModule))).message).to.equal(
        'ARM_ERR_PROVIDER_NOT_VISIBLE: cannot resolve NotesHandlers -> NoteStore (parameter #0 of NotesHandlers): NoteStore is provided and exported by StorageModule, which NotesModule does not import. ' +
          'Add StorageModule to the imports of NotesModule.',
      );
    });
  });

  describe('ARM_ERR_CIRCULAR_DEPENDENCY', () => {
    it('names the cycle, the closing parameter and the forwardRef fix', async () => {
      @Injectable()
      class A {
        constructor(@Inject('B') readonly b: unknown) {}
      }
      @Injectable()
      class B {
        constructor(@Inject('C') readonly c: unknown) {}
      }
      @Injectable()
      class C {
        constructor(readonly a: A) {}
      }
      @Injectable()
      class Top {
        constructor(readonly a: A) {}
      }
      @Module({ providers: [A, { provide: 'B', useClass: B }, { provide: 'C', useClass: C }], handlers: [Top] })
      class M {}
      expect((await rejection(Container.create(M))).message).to.equal(
        "ARM_ERR_CIRCULAR_DEPENDENCY: cannot resolve Top -> A -> 'B' -> 'C' -> A (parameter #0 of C): A, 'B' and 'C' depend on each other in a cycle. " +
          "Break it with @Inject(forwardRef(() => A)) on parameter #0 of C, or move what they share into a third provider.",
      );
    });

    it('reports a class that depends on itself', async () => {
      @Injectable()
      class Selfish {
        constructor(@Inject('self') readonly me: unknown) {}
      }
      expect(await bootError([{ provide: 'self', useClass: Selfish }])).to.equal(
        "ARM_ERR_CIRCULAR_DEPENDENCY: cannot resolve 'self' -> 'self' (parameter #0 of Selfish): 'self' depends on itself. " +
          "Break it with @Inject(forwardRef(() => 'self')) on parameter #0 of Selfish, or move what they share into a third provider.",
      );
    });

    it('suggests forwardRef in the inject list for factories, and a third provider for aliases', async () => {
      expect(
        await bootError([
          { provide: 'x', useFactory: (y: unknown) => y, inject: ['y'] },
          { provide: 'y', useFactory: (x: unknown) => x, inject: ['x'] },
        ]),
      ).to.equal(
        "ARM_ERR_CIRCULAR_DEPENDENCY: cannot resolve 'x' -> 'y' -> 'x' (parameter #0 of the factory for 'y'): 'x' and 'y' depend on each other in a cycle. " +
          "Break it with forwardRef(() => 'x') as inject entry #0 of the factory for 'y', or move what they share into a third provider.",
      );
      expect(await bootError([{ provide: 'p', useExisting: 'q' }, { provide: 'q', useExisting: 'p' }])).to.equal(
        "ARM_ERR_CIRCULAR_DEPENDENCY: cannot resolve 'p' -> 'q' -> 'p' (the useExisting of 'q'): 'p' and 'q' depend on each other in a cycle. " +
          'Move what they share into a third provider: an alias (useExisting) cycle cannot be broken with forwardRef.',
      );
    });

    it('rejects a ring of transients even with forwardRef', async () => {
      @Injectable({ scope: 'transient' })
      class Egg {
        constructor(@Inject(forwardRef(() => 'hen')) readonly hen: unknown) {}
      }
      @Injectable({ scope: 'transient' })
      class Hen {
        constructor(readonly egg: Egg) {}
      }
      expect(await bootError([Egg, { provide: 'hen', useClass: Hen }])).to.equal(
        "ARM_ERR_CIRCULAR_DEPENDENCY: cannot resolve Egg -> 'hen' -> Egg (parameter #0 of Hen): Egg and 'hen' depend on each other in a cycle, and all of them are transient, so every new instance would need another one, forwardRef or not. " +
          'Make one of them a singleton, session- or request-scoped.',
      );
    });
  });

  describe('ARM_ERR_SCOPE_WIDENING', () => {
    @Injectable({ scope: 'request' })
    class RequestInfo {}
    @Injectable({ scope: 'session' })
    class SessionState {}

    it('a singleton that depends on a request-scoped provider', async () => {
      @Injectable()
      class Cache {
        constructor(readonly info: RequestInfo) {}
      }
      @Injectable()
      class Handlers {
        constructor(readonly cache: Cache) {}
      }
      @Module({ providers: [RequestInfo, Cache], handlers: [Handlers] })
      class M {}
      expect((await rejection(Container.create(M))).message).to.equal(
        'ARM_ERR_SCOPE_WIDENING: cannot resolve Handlers -> Cache -> RequestInfo (parameter #0 of Cache): Cache is a singleton but depends on RequestInfo, which is request-scoped. ' +
          "A singleton outlives each request and would keep a stale RequestInfo. Fix: make Cache request-scoped (@Injectable({ scope: 'request' })), or pass the request value as a method argument.",
      );
    });

    it('through a transient, naming it', async () => {
      @Injectable({ scope: 'transient' })
      class Helper {
        constructor(readonly state: SessionState) {}
      }
      @Injectable()
      class Registry {
        constructor(readonly helper: Helper) {}
      }
      expect(await bootError([SessionState, Helper, Registry])).to.equal(
        'ARM_ERR_SCOPE_WIDENING: cannot resolve Registry -> Helper -> SessionState (parameter #0 of Registry): Registry is a singleton but depends on SessionState, which is session-scoped (through transient Helper). ' +
          "A singleton outlives each session and would keep a stale SessionState. Fix: make Registry session-scoped (@Injectable({ scope: 'session' })), or pass the session value as a method argument.",
      );
    });

    it('a session-scoped provider that depends on a request-scoped one', async () => {
      @Injectable({ scope: 'session' })
      class Memory {
        constructor(readonly info: RequestInfo) {}
      }
      expect(await bootError([RequestInfo, Memory])).to.equal(
        'ARM_ERR_SCOPE_WIDENING: cannot resolve Memory -> RequestInfo (parameter #0 of Memory): Memory is session-scoped but depends on RequestInfo, which is request-scoped. ' +
          "A session-scoped instance outlives each request and would keep a stale RequestInfo. Fix: make Memory request-scoped (@Injectable({ scope: 'request' })), or pass the request value as a method argument.",
      );
    });

    it('a singleton factory that injects a fromContext value', async () => {
      expect(
        await bootError([
          { provide: 'ctx', scope: 'request', fromContext: true },
          { provide: 'logger', useFactory: (ctx: unknown) => ctx, inject: ['ctx'] },
        ]),
      ).to.equal(
        "ARM_ERR_SCOPE_WIDENING: cannot resolve 'logger' -> 'ctx' (parameter #0 of the factory for 'logger'): 'logger' is a singleton but depends on 'ctx', which is request-scoped. " +
          "A singleton outlives each request and would keep a stale 'ctx'. Fix: give the factory for 'logger' scope: 'request', or pass the request value as a method argument.",
      );
    });

    it('allows every narrowing direction', async () => {
      @Injectable({ scope: 'request' })
      class R {
        constructor(readonly s: SessionState, readonly i: RequestInfo) {}
      }
      @Injectable({ scope: 'session' })
      class S {
        constructor(@Inject('single') readonly single: unknown) {}
      }
      const c = await Container.create({ module: class Root {}, providers: [RequestInfo, SessionState, R, S, { provide: 'single', useValue: 1 }] });
      expect(c.scopeOf(R)).to.equal('request');
    });
  });

  describe('ARM_ERR_ERASED_TYPE', () => {
    it('reports `import type` (Function) and interfaces (Object) with the fix', async () => {
      const err = (await rejection(Container.create({ module: class Root {}, providers: [SignupService] }))) as DependencyGraphError;
      const tail =
        'so it names no provider. TypeScript erases `import type` imports, interfaces, type aliases and unions at run time. ' +
        'Use @Inject(token) on the parameter, or import the class with a value import (not `import type`); ' +
        'for a class in a circular file import, use @Inject(forwardRef(() => TheClass)).';
      expect(err.problems.map((p) => p.message)).to.deep.equal([
        `ARM_ERR_ERASED_TYPE: cannot resolve SignupService -> ? (parameter #0 of SignupService): the parameter type was reflected as Function, ${tail}`,
        `ARM_ERR_ERASED_TYPE: cannot resolve SignupService -> ? (parameter #1 of SignupService): the parameter type was reflected as Object, ${tail}`,
      ]);
    });

    it('is an error even for an @Optional parameter (the token is unknowable)', async () => {
      @Injectable()
      class Soft {
        constructor(@Optional() readonly maybe: string | number) {}
      }
      expect(await bootError([Soft])).to.match(/^ARM_ERR_ERASED_TYPE: cannot resolve Soft -> \? \(parameter #0 of Soft\): the parameter type was reflected as Object,/);
    });
  });

  describe('ARM_ERR_MISSING_METADATA', () => {
    class Dep {}

    it('a class with constructor parameters but no class decorator', async () => {
      class NotesHandlers {
        constructor(readonly dep: Dep) {}
      }
      @Module({ providers: [Dep], handlers: [NotesHandlers] })
      class M {}
      expect((await rejection(Container.create(M))).message).to.equal(
        'ARM_ERR_MISSING_METADATA: cannot resolve NotesHandlers (parameter #0 of NotesHandlers): NotesHandlers has 1 constructor parameter but no design:paramtypes metadata. ' +
          'TypeScript emits constructor parameter types only for classes with a class decorator: add @Injectable() to NotesHandlers (with emitDecoratorMetadata enabled), or @Inject(token) to every parameter.',
      );
    });

    it('a decorated class that inherits the constructor of an undecorated base', async () => {
      class Base {
        constructor(readonly a: Dep, readonly b: Dep) {}
      }
      @Injectable()
      class Child extends Base {}
      @Injectable()
      class User {
        constructor(readonly child: Child) {}
      }
      expect(await bootError([Dep, Child, User])).to.equal(
        'ARM_ERR_MISSING_METADATA: cannot resolve User -> Child (parameter #0 of Child): Child inherits the constructor of Base, which has 2 constructor parameters but no design:paramtypes metadata. ' +
          'TypeScript emits constructor parameter types only for classes with a class decorator: add @Injectable() to Base (with emitDecoratorMetadata enabled), or @Inject(token) to every parameter.',
      );
    });

    it('a class without parameters needs no decorator', async () => {
      class Plain {}
      const c = await Container.create({ module: class Root {}, providers: [Plain] });
      expect(c.get(Plain)).to.be.instanceOf(Plain);
    });
  });

  describe('ARM_ERR_INVALID_PROVIDER', () => {
    it('reports each malformed entry with where it is', async () => {
      const undef = undefined as unknown as Provider;
      const err = (await rejection(
        Container.create({
          module: class Root {},
          providers: [
            undef,
            { provide: 'x' } as unknown as Provider,
            { provide: undefined, useValue: 1 } as unknown as Provider,
            { provide: 'ctx', scope: 'singleton', fromContext: true } as unknown as Provider,
            { provide: 'f', useFactory: 3 } as unknown as Provider,
            { provide: 'g', useFactory: () => 1, inject: [undefined] } as unknown as Provider,
            { provide: 'h', useClass: class H {}, scope: 'forever' } as unknown as Provider,
            42 as unknown as Provider,
          ],
          handlers: [{ provide: 'not a class' } as unknown as never],
        }),
      )) as DependencyGraphError;
      expect(err.code).to.equal('ARM_ERR_DEPENDENCY_GRAPH');
      expect(err.problems.map((p) => p.message)).to.deep.equal([
        'ARM_ERR_INVALID_PROVIDER: providers[0] of Root is undefined. This usually means a circular file import (the class was not defined yet when this list was evaluated): move the class out of the import cycle.',
        "ARM_ERR_INVALID_PROVIDER: providers[1] of Root (provide: 'x') has none of useClass, useValue, useFactory, useExisting or fromContext: true.",
        'ARM_ERR_INVALID_PROVIDER: providers[2] of Root has provide: undefined, which is not a token (a class, InjectionToken, string or symbol). This usually means a circular file import (the class was not defined yet when this list was evaluated): move the class out of the import cycle.',
        "ARM_ERR_INVALID_PROVIDER: providers[3] of Root is fromContext, so its scope must be 'request' or 'session' (got singleton).",
        'ARM_ERR_INVALID_PROVIDER: providers[4] of Root has useFactory: 3, which is not a function.',
        'ARM_ERR_INVALID_PROVIDER: providers[5] of Root has inject[0] = undefined, which is not a token. This usually means a circular file import (the class was not defined yet when this list was evaluated): write forwardRef(() => TheClass).',
        "ARM_ERR_INVALID_PROVIDER: providers[6] of Root has scope \"forever\"; expected one of 'singleton', 'transient', 'session', 'request'.",
        'ARM_ERR_INVALID_PROVIDER: providers[7] of Root is 42, which is not a class or a provider object { provide, use… }.',
        "ARM_ERR_INVALID_PROVIDER: handlers[0] of Root is [object Object]; handlers must be classes.",
      ]);
    });

    it('reports a forwardRef that returns nothing', async () => {
      @Injectable()
      class Waiting {
        constructor(@Inject(forwardRef(() => undefined as unknown as string)) readonly x: unknown) {}
      }
      expect(await bootError([Waiting])).to.equal(
        'ARM_ERR_INVALID_PROVIDER: cannot resolve Waiting -> ? (parameter #0 of Waiting): forwardRef(() => …) returned undefined, which is not a token. ' +
          'Return the class (or token) from the function, and check that its file exports it.',
      );
    });
  });

  describe('ARM_ERR_INVALID_MODULE and ARM_ERR_UNKNOWN_EXPORT', () => {
    it('reports imports that are not modules', async () => {
      class NotAModule {}
      @Module({ imports: [undefined as unknown as DynamicModule, NotAModule, { nope: 1 } as unknown as DynamicModule] })
      class AppModule {}
      const err = (await rejection(Container.create(AppModule))) as DependencyGraphError;
      expect(err.problems.map((p) => p.message)).to.deep.equal([
        'ARM_ERR_INVALID_MODULE: imports[0] of AppModule is undefined. This usually means a circular import between module files: write imports: [forwardRef(() => TheModule)].',
        'ARM_ERR_INVALID_MODULE: imports[1] of AppModule is NotAModule, which is not a module: add @Module({ … }) to it, or list it in providers if it is a provider.',
        'ARM_ERR_INVALID_MODULE: imports[2] of AppModule is [object Object], which is not a module: expected a class with @Module or a dynamic module { module, … }.',
      ]);
      expect((await rejection(Container.create(NotAModule))).message).to.equal(
        'ARM_ERR_INVALID_MODULE: the root module is NotAModule, which is not a module: add @Module({ … }) to it, or list it in providers if it is a provider.',
      );
    });

    it('reports exports of tokens not provided and modules not imported', async () => {
      @Module({})
      class Other {}
      @Module({ providers: [{ provide: 'a', useValue: 1 }], exports: ['a', 'b', Other] })
      class Lib {}
      const err = (await rejection(Container.create(Lib))) as DependencyGraphError;
      expect(err.problems.map((p) => p.message)).to.deep.equal([
        "ARM_ERR_UNKNOWN_EXPORT: exports[1] of Lib is 'b', which Lib does not provide. Add it to the providers of Lib, or import the module that exports it and export that module.",
        'ARM_ERR_UNKNOWN_EXPORT: exports[2] of Lib is the module Other, which Lib does not import. Add Other to the imports of Lib, or remove it from its exports.',
      ]);
    });
  });

  describe('ARM_ERR_DEPENDENCY_GRAPH', () => {
    it('reports every problem of the graph in one error, numbered', async () => {
      @Injectable({ scope: 'request' })
      class Req {}
      @Injectable()
      class Wide {
        constructor(readonly req: Req) {}
      }
      @Injectable()
      class Lost {
        constructor(@Inject(DB_URL) readonly url: string) {}
      }
      const err = (await rejection(Container.create({ module: class Root {}, providers: [Req, Wide, Lost] }))) as DependencyGraphError;
      expect(err).to.be.instanceOf(DependencyGraphError);
      expect(err.problems.map((p) => p.code)).to.deep.equal(['ARM_ERR_UNKNOWN_DEPENDENCY', 'ARM_ERR_SCOPE_WIDENING']);
      expect(err.message).to.equal(
        'ARM_ERR_DEPENDENCY_GRAPH: 2 problems in the dependency graph:\n' +
          `  1. ${err.problems[0].message}\n` +
          `  2. ${err.problems[1].message}`,
      );
      expect(err.message).to.contain('cannot resolve Lost -> InjectionToken(DB_URL) (parameter #0 of Lost)');
      expect(err.message).to.contain('cannot resolve Wide -> Req (parameter #0 of Wide): Wide is a singleton');
    });

    it('constructs nothing when the graph has a problem', async () => {
      let constructed = 0;
      @Injectable()
      class Counted {
        constructor() {
          constructed++;
        }
      }
      @Injectable()
      class Broken {
        constructor(@Inject('missing') readonly m: unknown) {}
      }
      await rejection(Container.create({ module: class Root {}, providers: [Counted, Broken] }));
      expect(constructed).to.equal(0);
    });
  });
});
