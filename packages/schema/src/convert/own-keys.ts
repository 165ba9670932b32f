/**
 * Property maps whose keys are data: a key named `__proto__`, `constructor`, `prototype` or
 * `toString` is an ordinary key. Assigning `map[key] = value` on a plain object would swap the
 * prototype for `__proto__` (the key vanishes), and reading `map[key]` finds inherited members
 * (`map.toString` is a function); these helpers define and read own properties only.
 */

/** Sets an own, enumerable property (a key named `__proto__` included). */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** True when `key` is an own property of `target`. */
export function hasOwn(target: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(target, key);
}

/** The own property `key` of `target`, or undefined (never an inherited member). */
export function getOwn<T>(target: Readonly<Record<string, T>>, key: string): T | undefined {
  return hasOwn(target, key) ? target[key] : undefined;
}

/** A plain object from entries, each an own property (`Object.fromEntries` defines, never assigns). */
export function fromEntries<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  return Object.fromEntries(entries) as Record<string, T>;
}
