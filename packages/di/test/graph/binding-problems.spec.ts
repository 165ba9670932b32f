import { expect } from 'chai';
import { Container, DependencyGraphError, Inject, Injectable, Module, Optional } from '../../src';
import { SignupService } from '../fixtures/erased/signup.service';
import { bootError, DB_URL } from '../support/boot-error';
import { rejection } from '../support/errors';

describe('boot check: dependency binding', () => {
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
        constructor(
          readonly m: Missing,
          @Inject('api.key') readonly key: string,
          @Inject(Symbol.for('clock')) readonly clock: unknown,
        ) {}
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
      expect(await bootError([Soft])).to.match(
        /^ARM_ERR_ERASED_TYPE: cannot resolve Soft -> \? \(parameter #0 of Soft\): the parameter type was reflected as Object,/,
      );
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
        constructor(
          readonly a: Dep,
          readonly b: Dep,
        ) {}
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
});
