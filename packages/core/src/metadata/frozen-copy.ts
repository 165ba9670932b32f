/**
 * A deep copy of plain data with every object and array frozen. Functions are kept as they
 * are (completers), so decorator options cannot be changed after decoration, by the author
 * or by anyone holding a reference to the original options object.
 */
export function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map((item: unknown) => frozenCopy(item))) as T;
  const copy: Record<string, unknown> = {};
  // An index loop, not for…of: at load a decorator's copy runs in the interpreter, where the
  // iterator protocol was most of the copy's cost.
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = frozenCopy((value as Record<string, unknown>)[key]);
    // A key named "__proto__" is defined, so it stays an own property instead of a prototype
    // swap; every other key is assigned (defineProperty per key was most of a decorator's cost).
    if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true });
    else copy[key] = item;
  }
  return Object.freeze(copy) as T;
}

/**
 * Freezes `fresh` in place with frozen copies of its object values: `frozenCopy(fresh)` without
 * copying the outer object, for an object its caller has just made and holds alone (a
 * decorator's record). Its own keys are plain names (never `__proto__`).
 */
export function frozenInPlace<T extends object>(fresh: T): Readonly<T> {
  const record = fresh as Record<string, unknown>;
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = record[key];
    if (typeof item === 'object' && item !== null) record[key] = frozenCopy(item);
  }
  return Object.freeze(fresh);
}

/** Freezes plain data in place, every object and array in it (for data nobody else holds). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
