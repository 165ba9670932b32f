/**
 * ASCII character sets as 128-entry lookup tables (1 = member). Matching works on a
 * normalized URI that is pure printable ASCII, so a table lookup is the whole test.
 */
export type CharTable = Uint8Array;

/** A table holding the given characters (ASCII only) and the members of other tables. */
export function charTable(chars: string, ...more: readonly CharTable[]): CharTable {
  const t = new Uint8Array(128);
  for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)] = 1;
  for (const m of more) for (let i = 0; i < 128; i++) t[i] |= m[i];
  return t;
}

/** `base` without the given characters. */
export function without(base: CharTable, chars: string): CharTable {
  const t = base.slice();
  for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)] = 0;
  return t;
}

/** Whether two tables share a member. */
export function intersects(a: CharTable, b: CharTable): boolean {
  for (let i = 0; i < 128; i++) if (a[i] & b[i]) return true;
  return false;
}

/** The members of a table as a string, for error messages. */
export function members(t: CharTable): string {
  let s = '';
  for (let i = 0; i < 128; i++) if (t[i]) s += String.fromCharCode(i);
  return s;
}

const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGIT = '0123456789';

/** RFC 3986 §2.3 unreserved. */
export const UNRESERVED = charTable(ALPHA + DIGIT + '-._~');
/** RFC 3986 §2.2 gen-delims. */
export const GEN_DELIMS = charTable(':/?#[]@');
/** RFC 3986 §2.2 sub-delims. */
export const SUB_DELIMS = charTable("!$&'()*+,;=");
/** RFC 3986 §2.2 reserved = gen-delims / sub-delims. */
export const RESERVED = charTable('', GEN_DELIMS, SUB_DELIMS);
/** Characters a URI may hold raw (besides `%` of a pct-triplet). */
export const URI_CHARS = charTable('', UNRESERVED, RESERVED);
/** RFC 3986 §3.3 pchar, without pct-encoded (handled as a triplet). */
export const PCHAR = charTable(':@', UNRESERVED, SUB_DELIMS);
/** Hexadecimal digits. */
export const HEXDIG = charTable(DIGIT + 'ABCDEFabcdef');
/** RFC 6570 §2.3 varchar, without pct-encoded. */
export const VARCHAR = charTable(ALPHA + DIGIT + '_');
/** Every printable ASCII character. */
export const PRINTABLE = charTable(String.fromCharCode(...Array.from({ length: 94 }, (_, i) => 0x21 + i)));

/** Whether an ASCII code is in the table (any other code is not). */
export function has(t: CharTable, code: number): boolean {
  return code >= 0 && code < 128 && t[code] === 1;
}
