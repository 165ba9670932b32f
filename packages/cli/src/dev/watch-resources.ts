import type * as ts from 'typescript';

/**
 * TypeScript's watch solution builder has no close(): it watches through its host. This
 * wraps the host's watchers and timers so that `armature dev` can stop them all.
 */
export class WatchResources {
  private readonly watchers = new Set<ts.FileWatcher>();
  private readonly timers = new Set<unknown>();
  private closed = false;

  /** Routes the host's watchers and timers through this tracker. */
  track<T extends ts.BuilderProgram>(host: ts.SolutionBuilderWithWatchHost<T>): void {
    const watchFile = host.watchFile.bind(host);
    const watchDirectory = host.watchDirectory.bind(host);
    host.watchFile = (...args) => this.keep(watchFile(...args));
    host.watchDirectory = (...args) => this.keep(watchDirectory(...args));
    const setTimer = host.setTimeout?.bind(host);
    const clearTimer = host.clearTimeout?.bind(host);
    if (setTimer && clearTimer) {
      host.setTimeout = (callback, ms, ...args) => {
        const handle: unknown = setTimer(
          (...callbackArgs: unknown[]) => {
            this.timers.delete(handle);
            if (!this.closed) callback(...callbackArgs);
          },
          ms,
          ...args,
        );
        this.timers.add(handle);
        return handle;
      };
      host.clearTimeout = (handle) => {
        this.timers.delete(handle);
        clearTimer(handle);
      };
    }
    this.clearTimer = clearTimer;
  }

  private clearTimer: ((handle: unknown) => void) | undefined;

  /** Closes every watcher and cancels every pending timer. */
  close(): void {
    this.closed = true;
    for (const watcher of this.watchers) watcher.close();
    this.watchers.clear();
    for (const handle of this.timers) this.clearTimer?.(handle);
    this.timers.clear();
  }

  private keep(watcher: ts.FileWatcher): ts.FileWatcher {
    if (this.closed) {
      watcher.close();
      return watcher;
    }
    this.watchers.add(watcher);
    return {
      close: () => {
        this.watchers.delete(watcher);
        watcher.close();
      },
    };
  }
}
