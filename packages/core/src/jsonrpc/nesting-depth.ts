const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

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

/** Index just past the closing quote of the string whose content starts at `from` (or the end). */
function skipString(text: string, from: number): number {
  let i = from;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    // The quote is escaped when an odd number of backslashes precede it.
    let backslashes = 0;
    let j = quote - 1;
    while (j >= from && text.charCodeAt(j) === BACKSLASH) {
      backslashes++;
      j--;
    }
    if ((backslashes & 1) === 0) return quote + 1;
    i = quote + 1;
  }
}
