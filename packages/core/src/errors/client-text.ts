/**
 * The most characters of one piece of client input (a method, tool or prompt name, a URI, a
 * key) that an error message or its `data` repeats, the `…` marking a cut included. A client
 * may send megabytes in one name; the answer is bounded whatever it sent.
 */
export const MAX_ECHOED_CHARS = 256;

/** `value` as text, cut to `MAX_ECHOED_CHARS` characters (the last a `…`) when longer; for `data` members. */
export function echoed(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return text.length > MAX_ECHOED_CHARS ? `${text.slice(0, MAX_ECHOED_CHARS - 1)}…` : text;
}

/** `echoed(value)` as a JSON string literal, so quotes and control characters are escaped; for messages. */
export function quotedEcho(value: unknown): string {
  return JSON.stringify(echoed(value));
}
