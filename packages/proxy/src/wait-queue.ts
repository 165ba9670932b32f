interface Waiter<T> {
  resolve(value: T): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** Callers waiting for a value (a reconnected client), at most `capacity` at once, each for a bounded time. */
export class WaitQueue<T> {
  private readonly waiters = new Set<Waiter<T>>();

  constructor(private readonly capacity: number) {}

  /** A promise of the next value, rejected after `ms`; undefined when the queue is full. */
  wait(ms: number): Promise<T> | undefined {
    if (this.waiters.size >= this.capacity) return undefined;
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(new Error('timed out'));
        }, ms),
      };
      this.waiters.add(waiter);
    });
  }

  resolveAll(value: T): void {
    for (const waiter of this.drain()) waiter.resolve(value);
  }

  failAll(error: () => Error): void {
    for (const waiter of this.drain()) waiter.reject(error());
  }

  private drain(): Waiter<T>[] {
    const all = [...this.waiters];
    this.waiters.clear();
    for (const waiter of all) clearTimeout(waiter.timer);
    return all;
  }
}
