/**
 * Who waits for some work to be done (a drain): each waiter is woken once, when its owner
 * says it became idle, or gives up after its timeout. The one way Armature waits for idle
 * (request ledgers, running tasks); nothing polls.
 */
export class IdleWaiters {
  private waiters: (() => void)[] | undefined = undefined;

  /** Resolves true at once when `idle`, else once `wake()` is called, or false after `timeoutMs`. */
  wait(idle: boolean, timeoutMs: number): Promise<boolean> {
    if (idle) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      (this.waiters ??= []).push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** The owner became idle: every waiter so far resolves true. */
  wake(): void {
    const waiters = this.waiters;
    if (waiters === undefined) return;
    this.waiters = undefined;
    for (const wake of waiters) wake();
  }
}
