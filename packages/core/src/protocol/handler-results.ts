/** Checks on what a feature handler returned, safe against hostile values (getters that throw, revoked proxies). */

/** Never throws: a value whose `then` cannot be read is answered as a (failing) plain result. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return typeof (value as { then?: unknown }).then === 'function';
  } catch {
    return false;
  }
}

/** A result must be a non-array object; a revoked Proxy (Array.isArray throws) is not one. */
export function isPlainResult(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return !Array.isArray(value);
  } catch {
    return false;
  }
}
