import type { RequestContext } from '../context/request-context';
import type { CanActivate } from '../guards/can-activate';
import { CallExecutionContext, type RouteDescriptor } from '../guards/execution-context';
import { ForbiddenError } from '../guards/forbidden.error';
import type { Interceptor } from '../interceptors/interceptor';

/** Calls a route's handler with its (validated) arguments; resolves with the raw return value. */
export type Invoke = (args: Readonly<Record<string, unknown>>, ctx: RequestContext) => Promise<unknown>;

/** Runs guards, then interceptors around `run`, for one call. */
export type Enhance = (args: Readonly<Record<string, unknown>>, ctx: RequestContext, run: () => Promise<unknown>) => Promise<unknown>;

/** A route's guards and interceptors, resolved at boot. */
export interface RouteEnhancers {
  readonly guards: readonly CanActivate[];
  readonly interceptors: readonly Interceptor[];
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
  const enhance = compileEnhance(route, enhancers);
  if (enhance === null) return bare;
  return (args, ctx) => enhance(args, ctx, () => bare(args, ctx));
}
