/**
 * The JSON text of deeply frozen values, remembered where they are built (a tool's list entry
 * at boot), so a list page is joined from those texts instead of serializing every entry and
 * every shared schema again on the first `tools/list` (1,001 tools: ~600 KB, ~3 ms). Only
 * values nobody can change may be remembered, with text equal to `JSON.stringify(value)`.
 */
const texts = new WeakMap<object, string>();

/** Remembers `text` as the JSON of the deeply frozen `value`. */
export function rememberJson(value: object, text: string): void {
  texts.set(value, text);
}

/** `JSON.stringify(value)`, from memory when the value's text was remembered. */
export function jsonOf(value: unknown): string | undefined {
  return (typeof value === 'object' && value !== null ? texts.get(value) : undefined) ?? JSON.stringify(value);
}
