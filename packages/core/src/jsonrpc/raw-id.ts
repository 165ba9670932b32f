import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE, skipString } from './json-scan';

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** Index just past a scalar token (number or literal) starting at `from`. */
function skipScalar(text: string, from: number): number {
  let i = from;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break;
  }
  return i;
}

function isIdKey(text: string, start: number, end: number): boolean {
  // `"id"` is the common spelling; an escaped one (`"\u0069d"`) is decoded to be sure.
  if (end - start === 4) return text.charCodeAt(start + 1) === 0x69 && text.charCodeAt(start + 2) === 0x64;
  if (text.indexOf('\\', start) >= end || end - start > 32) return false;
  try {
    return JSON.parse(text.slice(start, end)) === 'id';
  } catch {
    return false;
  }
}

/**
 * The raw text of the value of the top-level `"id"` member of a JSON object (the last one, as
 * `JSON.parse` keeps the last of duplicate keys), or undefined when there is none. One linear
 * pass that skips nested values and strings; it does not validate the JSON.
 *
 * It serves two rare paths: a message refused before `JSON.parse` (too deep) whose id is still
 * readable, and a numeric id near 2^53, where `JSON.parse` may have rounded the written value.
 */
export function rawTopLevelId(text: string): string | undefined {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACE) return undefined;
  i++;
  let depth = 1;
  let found: string | undefined;
  while (i < text.length && depth > 0) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      i = skipString(text, i + 1);
      if (depth !== 1) continue;
      const keyEnd = i;
      const colon = skipSpace(text, i);
      if (text.charCodeAt(colon) !== COLON) continue;
      i = colon + 1;
      if (!isIdKey(text, start, keyEnd)) continue;
      const valueStart = skipSpace(text, i);
      const first = text.charCodeAt(valueStart);
      if (first === OPEN_BRACE || first === OPEN_BRACKET) {
        found = text[valueStart];
        i = valueStart;
        continue;
      }
      const valueEnd = first === QUOTE ? skipString(text, valueStart + 1) : skipScalar(text, valueStart);
      found = text.slice(valueStart, valueEnd);
      i = valueEnd;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    i++;
  }
  return found;
}
