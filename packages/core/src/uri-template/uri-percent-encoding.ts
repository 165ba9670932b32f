const HEX = '0123456789ABCDEF';

/** One octet as an upper-case pct-encoded triplet (RFC 3986 §2.1). */
export function pctByte(byte: number): string {
  return '%' + HEX[byte >> 4] + HEX[byte & 15];
}

/** A code point as the pct-encoded triplets of its UTF-8 octets (RFC 3986 §2.5). */
export function pctEncodeCodePoint(cp: number): string {
  if (cp < 0x80) return pctByte(cp);
  if (cp < 0x800) return pctByte(0xc0 | (cp >> 6)) + pctByte(0x80 | (cp & 63));
  if (cp < 0x10000) {
    return pctByte(0xe0 | (cp >> 12)) + pctByte(0x80 | ((cp >> 6) & 63)) + pctByte(0x80 | (cp & 63));
  }
  return pctByte(0xf0 | (cp >> 18)) + pctByte(0x80 | ((cp >> 12) & 63)) + pctByte(0x80 | ((cp >> 6) & 63)) + pctByte(0x80 | (cp & 63));
}

/** Whether a UTF-16 code unit is an ASCII hex digit. */
export function isHexCode(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/**
 * The code point at `i`, or -1 for a lone surrogate (which has no UTF-8 form and so no
 * pct-encoding).
 */
export function codePointAtStrict(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 0xd800 || c > 0xdfff) return c;
  if (c > 0xdbff || i + 1 >= s.length) return -1;
  const d = s.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff ? 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00) : -1;
}

/**
 * Decodes pct-triplets exactly once, strictly: invalid UTF-8 (overlong forms, surrogates,
 * truncated sequences) gives `null`, never an exception.
 */
export function pctDecode(s: string): string | null {
  if (s.indexOf('%') < 0) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
