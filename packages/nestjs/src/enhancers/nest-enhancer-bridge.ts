import 'reflect-metadata';
import { Inject, Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import { FILTER_CATCH_EXCEPTIONS } from '@nestjs/common/constants';
import { ModuleRef } from '@nestjs/core';
import { ArmatureError, LocalErrorCode } from '@armature/core';
import type { AroundHandlerFactory, RouteInfo } from '@armature/core/internal';
import { ARMATURE_MCP_ENHANCERS } from '../tokens';
import { NestCall, type ResolvedEnhancers } from './nest-call';
import type { McpEnhancers } from '../armature-module.options';
import { enhancerRefsOf, type EnhancerRefs } from './nest-enhancer-refs';

type Role = 'guard' | 'interceptor' | 'pipe' | 'filter';
const METHOD: Readonly<Record<Role, string>> = { guard: 'canActivate', interceptor: 'intercept', pipe: 'transform', filter: 'catch' };

/**
 * Runs Nest's `@UseGuards`/`@UseInterceptors`/`@UsePipes`/`@UseFilters` on MCP routes. Armature
 * asks it, once per route at boot, what runs around the handler (`aroundHandler`): a route
 * without Nest enhancers gets nothing and pays nothing per call. Enhancer classes are built by
 * Nest's DI once it is complete (`onModuleInit`), one instance per class, their dependencies
 * resolved from `ArmatureModule`'s imports (and global modules), as Nest does for a module's
 * controllers.
 */
@Injectable()
export class NestEnhancerBridge implements OnModuleInit {
  private readonly instances = new Map<Function, Promise<object>>();
  /** The resolutions of the routes compiled with the app, awaited by `onModuleInit`. */
  private readonly atBoot: Promise<ResolvedEnhancers>[] = [];
  private booted = false;
  private start!: () => void;
  /** Settles when Nest's DI is complete: enhancer classes are built after it. */
  private readonly diComplete = new Promise<void>((resolve) => (this.start = resolve));

  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(ARMATURE_MCP_ENHANCERS) private readonly global: McpEnhancers,
  ) {}

  readonly aroundHandler: AroundHandlerFactory = (route) => {
    const refs = enhancerRefsOf(route, this.global);
    if (refs === null) return null;
    const resolution = this.diComplete.then(() => this.resolve(refs, route));
    // A route registered after the boot reports a failure on its calls.
    if (this.booted) resolution.catch(() => undefined);
    else this.atBoot.push(resolution);
    return new NestCall(route, resolution).around;
  };

  /** Builds every enhancer the app's routes declared; a missing dependency fails Nest's boot. */
  async onModuleInit(): Promise<void> {
    this.booted = true;
    this.start();
    await Promise.all(this.atBoot.splice(0));
  }

  private async resolve(refs: EnhancerRefs, route: RouteInfo): Promise<ResolvedEnhancers> {
    const where = `${route.handlerClass?.name ?? 'a registered definition'}.${route.method}`;
    const all = <T>(list: readonly unknown[], role: Role) =>
      Promise.all(list.map((ref) => this.instance(ref, role, where))) as Promise<T[]>;
    const [guards, interceptors, pipes, filters] = await Promise.all([
      all<ResolvedEnhancers['guards'][number]>(refs.guards, 'guard'),
      all<ResolvedEnhancers['interceptors'][number]>(refs.interceptors, 'interceptor'),
      all<ResolvedEnhancers['pipes'][number]>(refs.pipes, 'pipe'),
      all<ResolvedEnhancers['filters'][number]['filter']>(refs.filters, 'filter'),
    ]);
    // Nest tries the method's filters first, then the class's, then the global ones.
    const catching = filters.map((filter) => ({ filter, catches: catchesOf(filter) })).reverse();
    return { guards, interceptors, pipes, filters: catching };
  }

  /** An instance as is; a class built once by Nest's DI (`ModuleRef.create`), whatever route names it. */
  private instance(ref: unknown, role: Role, where: string): Promise<object> {
    const method = METHOD[role];
    const fits = (value: unknown): value is object =>
      typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[method] === 'function';
    if (typeof ref !== 'function') {
      if (fits(ref)) return Promise.resolve(ref);
      return Promise.reject(invalid(where, `a ${role} must be a class or an object with a ${method}() method`));
    }
    let built = this.instances.get(ref);
    if (built === undefined) {
      built = this.moduleRef.create(ref as Type<object>).then((instance) => {
        if (!fits(instance)) throw invalid(where, `${ref.name || 'the class'} has no ${method}() method, so it is not a ${role}`);
        return instance;
      });
      this.instances.set(ref, built);
    }
    return built;
  }
}

function invalid(where: string, why: string): ArmatureError {
  return new ArmatureError(LocalErrorCode.INVALID_ENHANCER, `${where}: ${why}.`);
}

/** The exception types of a filter's `@Catch(...)` (none: it catches everything). */
function catchesOf(filter: object): readonly Function[] {
  const types: unknown =
    Reflect.getMetadata(FILTER_CATCH_EXCEPTIONS, Object.getPrototypeOf(filter) as object) ??
    Reflect.getMetadata(FILTER_CATCH_EXCEPTIONS, filter.constructor);
  return Array.isArray(types) ? (types as Function[]) : [];
}
