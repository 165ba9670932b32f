import { CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE, skipString } from './json-scan';

/**
 * True when `text` nests objects/arrays deeper than `maxDepth`. One linear pass that skips
 * string contents (honouring escapes), so it runs before `JSON.parse` and bounds the depth
 * every later recursive step (validation, serialization) will see. Malformed JSON is not
 * diagnosed here; `JSON.parse` does that afterwards.
 */
export function exceedsNestingDepth(text: string, maxDepth: number): boolean {
  const length = text.length;
  if (length <= maxDepth) return false;
  let depth = 0;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = skipString(text, i + 1);
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
    i++;
  }
  return false;
}
