// `performance` is Node's global, whose module (perf_hooks, ten internal modules) loads when it is first
// read, in the first idle slice, not when core loads.

/** A route that can make, ahead of its first call, what that call would otherwise make. */
export interface Preparable {
  /** Makes the route's validators and call pipeline now; never throws (a failure is met again, and reported, by the call). */
  prepare(): void;
}

/** How long one idle slice may run before yielding to I/O. */
const SLICE_MS = 2;

/**
 * How long the lists must have been quiet before the first slice: a client that lists pages one
 * after another (or lists again at once) is answered first, not made to wait for slices.
 */
const QUIET_MS = 50;

/**
 * Prepares routes in idle time, a slice of at most ~2 ms per event-loop turn (`setImmediate`),
 * starting once the lists have been quiet for 50 ms, so that a tool's first call does not pay for
 * parsing and planning the schema the boot left as text, and start-up does not pay for tools
 * before anyone asked for them. Started by the first `tools/list`; a changed route list (a
 * registration, a dev reload) starts it over on the new list; `stop()` ends it for good.
 */
export class RouteWarmup {
  private routes: readonly Preparable[] | undefined;
  private next = 0;
  private pending: NodeJS.Immediate | undefined;
  private quiet: NodeJS.Timeout | undefined;
  private stopped = false;

  /**
   * Prepares `routes` in idle turns once the lists have been quiet for {@link QUIET_MS}
   * (continuing where it was when the list is the same one). Each call while waiting restarts
   * the wait.
   */
  start(routes: readonly Preparable[]): void {
    if (this.stopped) return;
    if (routes !== this.routes) {
      this.routes = routes;
      this.next = 0;
    }
    if (this.pending !== undefined || this.next >= routes.length) return;
    if (this.quiet !== undefined) this.quiet.refresh();
    else
      this.quiet = setTimeout(() => {
        this.quiet = undefined;
        this.schedule();
      }, QUIET_MS);
  }

  stop(): void {
    this.stopped = true;
    if (this.pending !== undefined) clearImmediate(this.pending);
    if (this.quiet !== undefined) clearTimeout(this.quiet);
    this.pending = undefined;
    this.quiet = undefined;
  }

  // Not unref'd: an unref'd immediate waits for the loop's next wake-up (I/O or a timer), so
  // a quiet server would not warm up at all. The work is finite, and `stop()` ends it.
  private schedule(): void {
    this.pending = setImmediate(() => this.slice());
  }

  private slice(): void {
    this.pending = undefined;
    const routes = this.routes;
    if (routes === undefined || this.stopped) return;
    const until = performance.now() + SLICE_MS;
    while (this.next < routes.length) {
      (routes[this.next++] as Preparable).prepare();
      if (performance.now() >= until) break;
    }
    if (this.next < routes.length) this.schedule();
  }
}
