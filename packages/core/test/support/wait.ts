/** Resolves when `predicate` holds, polling on each turn of the event loop; rejects after `timeoutMs`. */
export async function waitUntil(predicate: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** A promise with its resolver, bounded by a timeout so no test can hang on it. */
export function deferred<T = void>(what: string, timeoutMs = 5000): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`timed out waiting for ${what}`)), timeoutMs);
    resolve = (value: T) => {
      clearTimeout(timer);
      res(value);
    };
  });
  return { promise, resolve };
}
