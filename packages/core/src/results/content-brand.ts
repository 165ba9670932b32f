/**
 * Values built by our helpers (`text()`, `ToolResult()`…) are remembered here, so result
 * shaping can pass them through even when a tool also has an output schema, where a
 * look-alike plain object must be treated as data. A WeakSet adds nothing to the objects.
 */
const branded = new WeakSet<object>();

/** Marks `value` as built by a helper and returns it. */
export function brand<T extends object>(value: T): T {
  branded.add(value);
  return value;
}

/** True when `value` was built by a helper. */
export function isBranded(value: unknown): boolean {
  return typeof value === 'object' && value !== null && branded.has(value);
}
