import { expect } from 'chai';
import { Container, Inject, Injectable, Module, forwardRef, isForwardRef } from '../../src';
import { AlphaService } from '../fixtures/cycle/alpha.service';
import { BetaService } from '../fixtures/cycle/beta.service';
import { PingHandler } from '../fixtures/request-cycle/ping.handler';
import { PongService } from '../fixtures/request-cycle/pong.service';
import { GammaService } from '../fixtures/broken-cycle/gamma.service';
import { DeltaService } from '../fixtures/broken-cycle/delta.service';
import { rejection } from '../support/errors';

describe('forwardRef across real circular imports', () => {
  for (const providers of [
    [AlphaService, BetaService],
    [BetaService, AlphaService],
  ]) {
    it(`breaks a singleton cycle whichever side is built first (${providers.map((p) => p.name).join(', ')})`, async () => {
      @Module({ providers })
      class M {}
      const c = await Container.create(M);
      const alpha = c.get(AlphaService);
      const beta = c.get(BetaService);
      expect(alpha.beta).to.equal(beta);
      expect(alpha.betaName()).to.equal('beta');
      expect(beta.alphaName()).to.equal('alpha');
      expect(beta.alpha.betaName()).to.equal('beta');
      expect(beta.alpha).to.be.instanceOf(AlphaService);
      expect(beta.secret()).to.equal('private field');
      expect(Object.keys(beta.alpha)).to.include('beta');
      expect('betaName' in beta.alpha).to.equal(true);
    });
  }

  it('breaks a request-scoped cycle inside one context; the proxy is not usable in onInit', async () => {
    @Module({ providers: [PingHandler, PongService] })
    class M {}
    const c = await Container.create(M);
    const ctx = c.createContext('request');
    const ping = await ctx.resolve(PingHandler);
    expect(ping.ping()).to.equal('ping -> pong');
    expect(ping.pong.viaPing()).to.equal('ping -> pong');
    expect(await ctx.resolve(PongService)).to.equal(ping.pong);
    expect(ping.pong.initSawPing).to.equal(
      'ARM_ERR_FORWARD_REF_NOT_READY: PongService used its forwardRef dependency PingHandler (parameter #0 of PongService) before PingHandler was created. ' +
        'Inside a dependency cycle a forwardRef dependency is a lazy proxy that works once resolution completes: use it in methods, not in the constructor or onInit.',
    );
    const other = c.createContext('request');
    const pong = await other.resolve(PongService);
    expect(pong.viaPing()).to.equal('ping -> pong');
    expect(pong.ping).to.be.instanceOf(PingHandler);
    expect((await other.resolve(PingHandler)).pong).to.equal(pong);
  });

  it('without forwardRef, the undefined type of a circular import is reported with the fix', async () => {
    @Module({ providers: [GammaService, DeltaService] })
    class M {}
    const err = await rejection(Container.create(M));
    expect(err.message).to.equal(
      'ARM_ERR_ERASED_TYPE: cannot resolve GammaService -> DeltaService -> ? (parameter #0 of DeltaService): the parameter type was reflected as undefined, so it names no provider. ' +
        'TypeScript erases `import type` imports, interfaces, type aliases and unions at run time. ' +
        'Use @Inject(token) on the parameter, or import the class with a value import (not `import type`); ' +
        'for a class in a circular file import, use @Inject(forwardRef(() => TheClass)).',
    );
  });

  it('a forwardRef outside any cycle injects the real instance, not a proxy', async () => {
    @Injectable()
    class Late {}
    @Injectable()
    class Early {
      constructor(@Inject(forwardRef(() => Late)) readonly late: Late) {}
    }
    @Module({ providers: [Early, Late] })
    class M {}
    const c = await Container.create(M);
    expect(c.get(Early).late).to.equal(c.get(Late));
    expect(isForwardRef(forwardRef(() => Late))).to.equal(true);
    expect(isForwardRef(Late)).to.equal(false);
  });

  it('a proxy used in a constructor fails with the not-ready error, wrapped with the path', async () => {
    @Injectable()
    class Eager {
      constructor(@Inject(forwardRef(() => 'other')) other: { name: string }) {
        void other.name;
      }
    }
    @Module({ providers: [{ provide: 'other', useFactory: (e: Eager) => ({ name: 'o', e }), inject: [Eager] }, Eager] })
    class M {}
    const err = await rejection(Container.create(M));
    expect(err.code).to.equal('ARM_ERR_PROVIDER_FAILED');
    expect(err.message).to.equal(
      "ARM_ERR_PROVIDER_FAILED: cannot resolve 'other' -> Eager: the constructor of Eager threw: ARM_ERR_FORWARD_REF_NOT_READY: Eager used its forwardRef dependency 'other' (parameter #0 of Eager) before 'other' was created. " +
        'Inside a dependency cycle a forwardRef dependency is a lazy proxy that works once resolution completes: use it in methods, not in the constructor or onInit.',
    );
  });
});
