import { expect } from 'chai';
import { Inject, Injectable, InjectionToken, Optional, type Scope } from '../../src';
import { thrown } from '../support/errors';

describe('decorators', () => {
  it('@Inject on a method parameter is refused at decoration', () => {
    const err = thrown(() => {
      class Handlers {
        run(@Inject('x') x: unknown): unknown {
          return x;
        }
      }
      return Handlers;
    });
    expect(err.message).to.equal('ARM_ERR_INVALID_DECORATOR: @Inject on Handlers.run: it only applies to constructor parameters.');
  });

  it('@Optional on a method parameter is refused at decoration', () => {
    const err = thrown(() => {
      class Handlers {
        run(@Optional() x: unknown): unknown {
          return x;
        }
      }
      return Handlers;
    });
    expect(err.message).to.equal('ARM_ERR_INVALID_DECORATOR: @Optional() on Handlers.run: it only applies to constructor parameters.');
  });

  it('@Inject(undefined) — a class not yet defined in a circular import — is refused with the fix', () => {
    const err = thrown(() => {
      @Injectable()
      class Early {
        constructor(@Inject(undefined as unknown as string) readonly x: unknown) {}
      }
      return Early;
    });
    expect(err.message).to.equal(
      'ARM_ERR_INVALID_DECORATOR: @Inject(undefined) on parameter #0 of Early: the token is undefined. This usually means a circular file import; use @Inject(forwardRef(() => TheClass)).',
    );
  });

  it('@Injectable refuses an unknown scope', () => {
    const err = thrown(() => {
      @Injectable({ scope: 'forever' as Scope })
      class Forever {}
      return Forever;
    });
    expect(err.message).to.equal(
      'ARM_ERR_INVALID_PROVIDER: @Injectable({ scope: "forever" }) on Forever: scope must be one of singleton, transient, session, request.',
    );
  });

  it('InjectionToken prints its description and compares by identity', () => {
    const a = new InjectionToken<number>('PORT');
    expect(String(a)).to.equal('InjectionToken(PORT)');
    expect(a.description).to.equal('PORT');
    expect(a).to.not.equal(new InjectionToken<number>('PORT'));
  });
});
