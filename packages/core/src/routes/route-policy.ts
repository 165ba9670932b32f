import { GUARDS, INTERCEPTORS, RATE_LIMIT, REQUIRED_SCOPES } from '../metadata/metadata.keys';
import { classThenMethod, methodOrClass } from '../metadata/enhancer-metadata';
import type { CanActivate } from '../guards/can-activate';
import { checkScopeList } from '../guards/required-scopes';
import type { Interceptor } from '../interceptors/interceptor';
import { checkRateLimitOptions, type RateLimitOptions } from '../rate-limit/rate-limit.options';
import { RateLimiter } from '../rate-limit/rate-limiter';
import type { RateLimitStore } from '../rate-limit/rate-limit-store';
import type { Clock } from '../rate-limit/token-bucket';
import type { AroundHandler, AroundHandlerFactory, RouteEnhancers } from './route-pipeline';
import type { HandlerType } from '../guards/execution-context';
import type { RoutePolicy } from './route-environment';
import type { RouteSource } from './route-source';
import type { EnhancerResolver } from './enhancer-resolver';

/** App-wide settings the policy applies to every route. */
export interface PolicySettings {
  readonly guards: readonly unknown[];
  readonly interceptors: readonly unknown[];
  readonly rateLimit: RateLimitOptions | undefined;
  /** Where keyed budgets live when instances share them; undefined: in the process. */
  readonly rateLimitStore?: RateLimitStore;
  readonly allowUnauthenticated: boolean;
  readonly clock?: Clock;
  /** What runs innermost around each route's handler (an integration's enhancers). */
  readonly aroundHandler?: AroundHandlerFactory;
}

const NOT_LIMITED = Object.freeze({ limiter: null, exempt: false });
const EXEMPT = Object.freeze({ limiter: null, exempt: true });

/** The `RoutePolicy` of an app: metadata read and enhancers resolved once per route, at boot. */
export class AppRoutePolicy implements RoutePolicy {
  readonly allowUnauthenticated: boolean;
  readonly globalLimiter: RateLimiter | null;
  private readonly globalGuards: readonly CanActivate[];
  private readonly globalInterceptors: readonly Interceptor[];
  private readonly clock: Clock | undefined;
  private readonly store: RateLimitStore | undefined;
  private readonly aroundHandler: AroundHandlerFactory | undefined;

  /** Resolves the global enhancers now, so a bad one fails `Armature.create`. */
  constructor(
    private readonly resolver: EnhancerResolver,
    settings: PolicySettings,
  ) {
    this.allowUnauthenticated = settings.allowUnauthenticated;
    this.clock = settings.clock;
    this.store = settings.rateLimitStore;
    this.aroundHandler = settings.aroundHandler;
    this.globalGuards = settings.guards.map(
      (g, i) => resolver.resolve(g, 'guard', undefined, `Armature.create guards[${i}]`) as CanActivate,
    );
    this.globalInterceptors = settings.interceptors.map(
      (x, i) => resolver.resolve(x, 'interceptor', undefined, `Armature.create interceptors[${i}]`) as Interceptor,
    );
    this.globalLimiter =
      settings.rateLimit === undefined ? null : this.limiter(checkRateLimitOptions(settings.rateLimit, 'Armature.create rateLimit'), 'app');
  }

  enhancers(source: RouteSource): RouteEnhancers | null {
    const { handlerClass, record, owner } = source;
    const ownGuards = classThenMethod(GUARDS, handlerClass, record.method);
    const ownInterceptors = classThenMethod(INTERCEPTORS, handlerClass, record.method);
    const guards = combine(
      this.globalGuards,
      ownGuards,
      (g) => this.resolver.resolve(g, 'guard', handlerClass, `${owner} @UseGuards`) as CanActivate,
    );
    const interceptors = combine(
      this.globalInterceptors,
      ownInterceptors,
      (x) => this.resolver.resolve(x, 'interceptor', handlerClass, `${owner} @UseInterceptors`) as Interceptor,
    );
    const around = this.around(source);
    if (around !== null) return { guards, interceptors, around };
    return guards.length === 0 && interceptors.length === 0 ? null : { guards, interceptors };
  }

  private around(source: RouteSource): AroundHandler | null {
    if (this.aroundHandler === undefined) return null;
    const { record, handlerClass, fn } = source;
    return this.aroundHandler({
      kind: record.kind,
      handlerClass: handlerClass as HandlerType | undefined,
      method: record.method,
      handler: fn as (...args: never[]) => unknown,
    });
  }

  scopes(source: RouteSource): readonly string[] | null {
    const fromOption = source.record.options.scopes;
    const fromDecorator = classThenMethod(REQUIRED_SCOPES, source.handlerClass, source.record.method);
    if (fromOption === undefined && fromDecorator.length === 0) return null;
    const own = fromOption === undefined ? [] : checkScopeList(fromOption, `${source.owner} scopes`);
    const all = checkScopeList([...fromDecorator, ...own], `${source.owner} @RequireScopes`);
    return all.length === 0 ? null : all;
  }

  toolLimit(source: RouteSource, toolName: string): { readonly limiter: RateLimiter | null; readonly exempt: boolean } {
    const record = source.record;
    const own =
      record.kind === 'tool' && record.options.rateLimit !== undefined
        ? record.options.rateLimit
        : methodOrClass(RATE_LIMIT, source.handlerClass, record.method);
    if (own === undefined) return NOT_LIMITED;
    if (own === false) return EXEMPT;
    return { limiter: this.limiter(checkRateLimitOptions(own, `${source.owner} rateLimit`), `tool:${toolName}`), exempt: false };
  }

  /** A limiter named `limitId` in the shared store, or in the process when there is none. */
  private limiter(options: RateLimitOptions, limitId: string): RateLimiter {
    return new RateLimiter(options, this.clock, undefined, this.store === undefined ? undefined : { store: this.store, limitId });
  }
}

/** The app-wide enhancers followed by the route's own, resolved; the shared array when the route has none. */
function combine<T>(global: readonly T[], own: readonly unknown[], resolve: (value: unknown) => T): readonly T[] {
  return own.length === 0 ? global : [...global, ...own.map(resolve)];
}
