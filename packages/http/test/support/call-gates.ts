const GATE_TIMEOUT_MS = 10_000;

/**
 * Holds "gated" tool calls of the fixture apps (Armature kernel and SDK peer alike) until a
 * test releases them by key, and lets the test wait until a call has started. Every wait is
 * bounded: a gate opens by itself, and `started` rejects, after 10 s.
 */
export class CallGates {
  private readonly gates = new Map<string, () => void>();
  private readonly startWaiters = new Map<string, () => void>();
  private readonly startedKeys = new Set<string>();

  /** A promise that resolves when `key` is released (or after the timeout). */
  hold(key: string): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, GATE_TIMEOUT_MS);
      this.gates.set(key, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Records that the call for `key` has started, waking a test waiting in `started`. */
  markStarted(key: string): void {
    this.startedKeys.add(key);
    this.startWaiters.get(key)?.();
  }

  release(key: string): void {
    this.gates.get(key)?.();
    this.gates.delete(key);
  }

  /** Resolves once the call for `key` has started; rejects after the timeout. */
  started(key: string): Promise<void> {
    if (this.startedKeys.has(key)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`gated call ${key} did not start`)), GATE_TIMEOUT_MS);
      this.startWaiters.set(key, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
