import { expect } from 'chai';
import { Container, Inject, Injectable, Module, forwardRef } from '../../src';
import { bootError } from '../support/boot-error';
import { rejection } from '../support/errors';

describe('boot check: cycles', () => {
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
          'Break it with @Inject(forwardRef(() => A)) on parameter #0 of C, or move what they share into a third provider.',
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
      expect(
        await bootError([
          { provide: 'p', useExisting: 'q' },
          { provide: 'q', useExisting: 'p' },
        ]),
      ).to.equal(
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
});
