import { expect } from 'chai';
import { Container, Inject, Injectable, Module } from '../../src';
import { bootError } from '../support/boot-error';
import { rejection } from '../support/errors';

describe('boot check: scopes', () => {
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
        constructor(
          readonly s: SessionState,
          readonly i: RequestInfo,
        ) {}
      }
      @Injectable({ scope: 'session' })
      class S {
        constructor(@Inject('single') readonly single: unknown) {}
      }
      const c = await Container.create({
        module: class Root {},
        providers: [RequestInfo, SessionState, R, S, { provide: 'single', useValue: 1 }],
      });
      expect(c.scopeOf(R)).to.equal('request');
    });
  });
});
