/**
 * A deep copy of plain data with every object and array frozen. Functions are kept as they
 * are (completers), so decorator options cannot be changed after decoration, by the author
 * or by anyone holding a reference to the original options object.
 */
export function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map((item: unknown) => frozenCopy(item))) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = frozenCopy((value as Record<string, unknown>)[key]);
    // A key named "__proto__" is defined, so it stays an own property instead of a prototype
    // swap; every other key is assigned (defineProperty per key was most of a decorator's cost).
    if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true });
    else copy[key] = item;
  }
  return Object.freeze(copy) as T;
}

/** Freezes plain data in place, every object and array in it (for data nobody else holds). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
