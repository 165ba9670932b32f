import { expect } from 'chai';
import { Container, DependencyGraphError, Inject, Injectable, Module, forwardRef, type DynamicModule, type Provider } from '../../src';
import { bootError, DB_URL } from '../support/boot-error';
import { rejection } from '../support/errors';

describe('boot check: declarations and aggregation', () => {
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
      expect(err.code).to.equal('ARM_ERR_INVALID_PROVIDER');
      expect(err.message).to.match(
        /^ARM_ERR_INVALID_PROVIDER: 9 problems in the dependency graph:\n {2}1\. ARM_ERR_INVALID_PROVIDER: providers\[0\] of Root/,
      );
      expect(err.problems.map((p) => p.message)).to.deep.equal([
        'ARM_ERR_INVALID_PROVIDER: providers[0] of Root is undefined. This usually means a circular file import (the class was not defined yet when this list was evaluated): move the class out of the import cycle.',
        "ARM_ERR_INVALID_PROVIDER: providers[1] of Root (provide: 'x') has none of useClass, useValue, useFactory, useExisting or fromContext: true.",
        'ARM_ERR_INVALID_PROVIDER: providers[2] of Root has provide: undefined, which is not a token (a class, InjectionToken, string or symbol). This usually means a circular file import (the class was not defined yet when this list was evaluated): move the class out of the import cycle.',
        "ARM_ERR_INVALID_PROVIDER: providers[3] of Root is fromContext, so its scope must be 'request' or 'session' (got singleton).",
        'ARM_ERR_INVALID_PROVIDER: providers[4] of Root has useFactory: 3, which is not a function.',
        'ARM_ERR_INVALID_PROVIDER: providers[5] of Root has inject[0] = undefined, which is not a token. This usually means a circular file import (the class was not defined yet when this list was evaluated): write forwardRef(() => TheClass).',
        "ARM_ERR_INVALID_PROVIDER: providers[6] of Root has scope \"forever\"; expected one of 'singleton', 'transient', 'session', 'request'.",
        'ARM_ERR_INVALID_PROVIDER: providers[7] of Root is 42, which is not a class or a provider object { provide, use… }.',
        'ARM_ERR_INVALID_PROVIDER: handlers[0] of Root is [object Object]; handlers must be classes.',
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
      expect(err.code).to.equal('ARM_ERR_DEPENDENCY_GRAPH');
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
