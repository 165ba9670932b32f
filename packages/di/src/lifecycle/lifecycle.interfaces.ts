/** Called once after the container creates the instance, awaited before anyone receives it. */
export interface OnInit {
  onInit(): void | Promise<void>;
}

/** Called when the resolution context that owns the instance (request, session) is disposed. */
export interface OnDispose {
  onDispose(): void | Promise<void>;
}

/** Called on singletons (and the transients they own) by `container.close()`, in reverse creation order. */
export interface OnShutdown {
  onShutdown(): void | Promise<void>;
}

/** The lifecycle hook names, as the container looks them up on instances. */
export type LifecycleHook = 'onInit' | 'onDispose' | 'onShutdown';

/** Calls `instance[hook]()` if the instance has such a method; awaits it. */
export async function callHook(instance: unknown, hook: LifecycleHook): Promise<void> {
  if (instance === null || (typeof instance !== 'object' && typeof instance !== 'function')) return;
  const fn = (instance as Partial<Record<LifecycleHook, unknown>>)[hook];
  if (typeof fn === 'function') await (fn as () => unknown).call(instance);
}
