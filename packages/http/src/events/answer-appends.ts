import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The event-store appends a request's handler started (a `resources/updated` or list change it
 * raised, appended to the GET streams of the sessions it reaches), which its answer waits for:
 * an answered call's events are stored before the client sees the answer, so an instance killed
 * right after answering loses nothing the client was told about. Appends are collected through
 * the request's asynchronous context, wherever they start (this session's stream, another
 * session's, a fan-out to sessions no instance holds).
 */
const scope = new AsyncLocalStorage<Set<Promise<unknown>>>();

/** Runs `handle` (a request's dispatch) so that the appends it starts, now or later, are collected in `appends`. */
export function collectingAppends<T>(appends: Set<Promise<unknown>>, handle: () => T): T {
  return scope.run(appends, handle);
}

/** Notes an append under way for the request whose handler started it, if any; returns `append`. */
export function noteAppend<T>(append: Promise<T>): Promise<T> {
  const appends = scope.getStore();
  if (appends !== undefined) {
    appends.add(append);
    const settled = (): void => void appends.delete(append);
    append.then(settled, settled);
  }
  return append;
}

/**
 * Resolves once every append in `appends` (and any started while waiting) has settled, or after
 * `waitMs`, whichever comes first; never rejects (a failed append was reported where it failed).
 */
export async function appendsSettled(appends: Set<Promise<unknown>>, waitMs: number): Promise<void> {
  if (appends.size === 0 || waitMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
    timer.unref();
  });
  try {
    // An append may start another (a fan-out appends per session): wait until none is left, within the bound.
    for (let round = 0; appends.size > 0 && round < 8; round++) {
      const pending = Promise.allSettled([...appends]).then(() => undefined);
      if ((await Promise.race([pending.then(() => 'done' as const), late.then(() => 'late' as const)])) === 'late') return;
    }
  } finally {
    clearTimeout(timer);
  }
}
