import type { RequestContext } from '../context/request-context';

/** A handler instance for one call and how to let go of it afterwards. */
export interface AcquiredInstance {
  readonly instance: object;
  /** Disposes the DI request context opened for the call, if any. */
  release(): Promise<void>;
}

/**
 * Where a route gets its handler instance. A singleton handler (whose dependencies are all
 * singletons) is resolved once at boot and exposed as `singleton`, so the hot path costs
 * nothing; otherwise `acquire` resolves it per call (session or request scope).
 */
export interface HandlerInstances {
  readonly singleton: object | null;
  acquire(ctx: RequestContext): Promise<AcquiredInstance>;
}

/** Instances for a handler that is one fixed object (singletons, functional definitions). */
export function fixedInstance(instance: object): HandlerInstances {
  const acquired: AcquiredInstance = { instance, release: () => Promise.resolve() };
  return { singleton: instance, acquire: () => Promise.resolve(acquired) };
}

/** Runs `fn` with the handler instance for this call, releasing per-call scopes afterwards. */
export async function withInstance<T>(instances: HandlerInstances, ctx: RequestContext, fn: (instance: object) => T): Promise<Awaited<T>> {
  if (instances.singleton !== null) return await fn(instances.singleton);
  const acquired = await instances.acquire(ctx);
  try {
    return await fn(acquired.instance);
  } finally {
    await acquired.release();
  }
}
