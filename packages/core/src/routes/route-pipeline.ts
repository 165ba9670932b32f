import type { RequestContext } from '../context/request-context';
import type { CanActivate } from '../guards/can-activate';
import {
  CallExecutionContext,
  type ExecutionContext,
  type HandlerType,
  type RouteDescriptor,
  type RouteKind,
} from '../guards/execution-context';
import { ForbiddenError } from '../guards/forbidden.error';
import type { Interceptor } from '../interceptors/interceptor';

/** Calls a route's handler with its (validated) arguments; resolves with the raw return value. */
export type Invoke = (args: Readonly<Record<string, unknown>>, ctx: RequestContext) => Promise<unknown>;

/** Runs guards, then interceptors around `run`, for one call. */
export type Enhance = (args: Readonly<Record<string, unknown>>, ctx: RequestContext, run: () => Promise<unknown>) => Promise<unknown>;

/**
 * Runs innermost around a route's handler, after its guards and interceptors, and may pass
 * other arguments on (`call(args)`) or answer without calling it. For integrations that run
 * another framework's enhancers (`@armature/nestjs` runs Nest's guards, interceptors, pipes
 * and filters through it).
 */
export type AroundHandler = (
  context: ExecutionContext,
  call: (args: Readonly<Record<string, unknown>>) => Promise<unknown>,
) => Promise<unknown>;

/** A route as `ArmatureOptions.aroundHandler` sees it, once, at boot. */
export interface RouteInfo {
  /** `tool`, `resource`, `resourceTemplate` or `prompt`. */
  readonly kind: Exclude<RouteKind, 'completion'>;
  /** The handler class; undefined for a route registered as a plain definition. */
  readonly handlerClass: HandlerType | undefined;
  /** The handler method's name. */
  readonly method: string;
  /** The handler method (the definition's handler function for a registered definition). */
  readonly handler: (...args: never[]) => unknown;
}

/** Chooses, once per route at boot, what runs around its handler; `null`: nothing (the route pays nothing). */
export type AroundHandlerFactory = (route: RouteInfo) => AroundHandler | null;

/** A route's guards and interceptors, resolved at boot, and what runs innermost around its handler. */
export interface RouteEnhancers {
  readonly guards: readonly CanActivate[];
  readonly interceptors: readonly Interceptor[];
  readonly around?: AroundHandler | null;
}

function refusal(route: RouteDescriptor): ForbiddenError {
  const what =
    route.kind === 'tool'
      ? `call tool "${route.name}"`
      : route.kind === 'prompt'
        ? `get prompt "${route.name}"`
        : route.kind === 'completion'
          ? `complete arguments of "${route.name}"`
          : `read "${route.name}"`;
  return new ForbiddenError(`Forbidden: you are not allowed to ${what}.`);
}

function frozen(args: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  return Object.isFrozen(args) ? args : Object.freeze({ ...args });
}

/** Interceptor `i` and everything inside it. A second `next.handle()` shares the first run. */
function intercept(
  interceptors: readonly Interceptor[],
  i: number,
  context: CallExecutionContext,
  run: () => Promise<unknown>,
): Promise<unknown> {
  if (i === interceptors.length) return run();
  let running: Promise<unknown> | undefined;
  const next = { handle: (): Promise<unknown> => (running ??= intercept(interceptors, i + 1, context, run)) };
  try {
    return Promise.resolve((interceptors[i] as Interceptor).intercept(context, next));
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Compiles a route's guards and interceptors into one wrapper, or `null` when it has none,
 * so a route that declares none calls its handler directly and pays nothing per call.
 */
export function compileEnhance(route: RouteDescriptor, enhancers: RouteEnhancers | null): Enhance | null {
  if (enhancers === null || (enhancers.guards.length === 0 && enhancers.interceptors.length === 0)) return null;
  const { guards, interceptors } = enhancers;
  return async (args, ctx, run) => {
    const context = new CallExecutionContext(route, frozen(args), ctx);
    for (const guard of guards) {
      // Only a literal true lets the call through: a guard that forgets to return refuses.
      if ((await guard.canActivate(context)) !== true) throw refusal(route);
    }
    return intercept(interceptors, 0, context, run);
  };
}

/** `bare` itself when there is nothing to run around it, else `bare` behind the guards and interceptors. */
export function withEnhancers(bare: Invoke, route: RouteDescriptor, enhancers: RouteEnhancers | null): Invoke {
  const around = enhancers?.around ?? null;
  const inner: Invoke =
    around === null ? bare : (args, ctx) => around(new CallExecutionContext(route, frozen(args), ctx), (given) => bare(given, ctx));
  const enhance = compileEnhance(route, enhancers);
  if (enhance === null) return inner;
  return (args, ctx) => enhance(args, ctx, () => inner(args, ctx));
}
