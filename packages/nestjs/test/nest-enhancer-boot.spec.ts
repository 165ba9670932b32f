import { expect } from 'chai';
import { Injectable as NestInjectable, Module as NestModule, UseGuards, UseInterceptors, type CanActivate } from '@nestjs/common';
import { Injectable, Module } from '@armature/di';
import { Tool } from '@armature/core';
import { ArmatureModule } from '../src';
import { enhancerRefsOf } from '../src/enhancers/nest-enhancer-refs';
import {
  ENHANCED_OPTIONS,
  GuardedNotes,
  MethodInterceptor,
  PlainTools,
  PrincipalGuard,
  RoleGuard,
  TimingInterceptor,
  TitlePipe,
} from './support/enhanced-app';
import { startNest } from './support/start-nest';

/** A route as Armature describes it to `aroundHandler` at boot. */
function route(handlerClass: abstract new (...args: never[]) => object, method: string) {
  const handler = (handlerClass.prototype as Record<string, (...args: never[]) => unknown>)[method]!;
  return { kind: 'tool' as const, handlerClass, method, handler };
}

describe('@armature/nestjs: which MCP routes get Nest enhancers, decided at boot', () => {
  it('a route with no Nest enhancer (and no module-wide one) gets none: Armature keeps its bare handler call', () => {
    expect(enhancerRefsOf(route(PlainTools, 'echo'), {})).to.equal(null);
  });

  it("reads Nest's own metadata: module-wide, then class, then method, for each kind", () => {
    class Global implements CanActivate {
      canActivate(): boolean {
        return true;
      }
    }
    const refs = enhancerRefsOf(route(GuardedNotes, 'add'), { guards: [Global] });
    expect(refs).to.deep.equal({
      guards: [Global, PrincipalGuard, RoleGuard],
      interceptors: [TimingInterceptor, MethodInterceptor],
      pipes: [TitlePipe],
      filters: [],
    });
    // A module-wide enhancer reaches a class that declares none.
    expect(enhancerRefsOf(route(PlainTools, 'echo'), { guards: [Global] })?.guards).to.deep.equal([Global]);
  });
});

describe('@armature/nestjs: Nest enhancers that cannot be built fail the boot', () => {
  it('a guard whose dependency no module in `imports` provides: Nest names the missing dependency', async () => {
    @NestInjectable()
    class Unprovided {}

    @NestInjectable()
    class NeedsUnprovided implements CanActivate {
      constructor(private readonly dependency: Unprovided) {}

      canActivate(): boolean {
        return this.dependency !== undefined;
      }
    }

    @Injectable()
    @UseGuards(NeedsUnprovided)
    class Guarded {
      @Tool({ description: 'Pings.', inputSchema: { type: 'object' } })
      ping(): string {
        return 'pong';
      }
    }

    @Module({ handlers: [Guarded] })
    class Root {}

    @NestModule({ imports: [ArmatureModule.forRoot({ ...ENHANCED_OPTIONS, root: Root })] })
    class BrokenApp {}

    const failure = await startNest(BrokenApp, 'express').then(
      async ({ nest }) => {
        await nest.close();
        return undefined;
      },
      (error: unknown) => error as Error,
    );
    expect(failure?.message)
      .to.contain('dependencies of the NeedsUnprovided')
      .and.to.contain('the argument Unprovided at index [0] is available in the ArmatureModule module');
  });

  it('an interceptor class without intercept(): ARM_ERR_INVALID_ENHANCER naming the handler method', async () => {
    class NotAnInterceptor {}

    @Injectable()
    class Intercepted {
      @UseInterceptors(NotAnInterceptor)
      @Tool({ description: 'Pings.', inputSchema: { type: 'object' } })
      ping(): string {
        return 'pong';
      }
    }

    @Module({ handlers: [Intercepted] })
    class Root {}

    @NestModule({ imports: [ArmatureModule.forRoot({ ...ENHANCED_OPTIONS, root: Root })] })
    class BrokenApp {}

    const failure = await startNest(BrokenApp, 'fastify').then(
      async ({ nest }) => {
        await nest.close();
        return undefined;
      },
      (error: unknown) => error as Error & { code?: string },
    );
    expect(failure?.code).to.equal('ARM_ERR_INVALID_ENHANCER');
    expect(failure?.message).to.contain('Intercepted.ping').and.to.contain('NotAnInterceptor has no intercept() method');
  });
});
