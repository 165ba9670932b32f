/** Character codes and string skipping shared by the scans that read JSON text before `JSON.parse`. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const COMMA = 0x2c;
export const OPEN_BRACE = 0x7b;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACE = 0x7d;
export const CLOSE_BRACKET = 0x5d;

/** Index just past the closing quote of the string whose content starts at `from` (or the end). */
export function skipString(text: string, from: number): number {
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
