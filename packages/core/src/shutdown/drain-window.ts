/**
 * One drain window, split in two: requests in flight may run for the first part; the rest is
 * kept for writing what they answered (and the cancellation errors of those that did not
 * finish) to peers that are still reading. Every transport's shutdown uses the same split,
 * so that the whole shutdown ends within `drainMs`.
 */

/** The most of a window kept for writing the last answers. */
const MAX_FLUSH_RESERVE_MS = 2000;

/** How much of `drainMs` is kept for writing: a fifth, at most 2 s. */
export function flushReserveMs(drainMs: number): number {
  return Math.min(MAX_FLUSH_RESERVE_MS, Math.floor(drainMs / 5));
}

/** How long requests in flight may run during a shutdown with a window of `drainMs`. */
export function runWindowMs(drainMs: number): number {
  return drainMs - flushReserveMs(drainMs);
}

/** A point in time a shutdown step must not pass. */
export class Deadline {
  private readonly at: number;

  constructor(ms: number) {
    this.at = Date.now() + ms;
  }

  /** Milliseconds left (0 once passed). */
  left(): number {
    return Math.max(0, this.at - Date.now());
  }

  /** Resolves with `work`'s outcome, or with `late` once the deadline passes; never keeps the process alive. */
  race<T>(work: Promise<T>, late: T): Promise<T> {
    const ms = this.left();
    if (ms === 0) return Promise.resolve(late);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(late), ms);
      timer.unref();
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }
}
