/** How `until` polls. */
export interface UntilOptions {
  /** Give up after this many milliseconds (default 5000). */
  readonly timeoutMs?: number;
  /** Milliseconds between checks (default 5). */
  readonly intervalMs?: number;
}

/**
 * Resolves once `condition()` returns true, checking every few milliseconds; rejects with
 * "timed out after N ms waiting for <what>" when it has not held within the timeout, so every
 * wait in a test is bounded and says what it waited for.
 *
 * @example
 * ```ts
 * await until(() => sessions.size === 0, 'the session to close', { timeoutMs: 2000 });
 * ```
 */
export async function until(condition: () => boolean, what: string, options: UntilOptions | number = {}): Promise<void> {
  const { timeoutMs = 5000, intervalMs = 5 } = typeof options === 'number' ? { timeoutMs: options } : options;
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
