import { has, URI_CHARS } from './uri-char-classes';
import { codePointAtStrict, isHexCode, pctByte, pctEncodeCodePoint } from './uri-percent-encoding';

/** Work done by matching, counted for the linear-time tests. */
export interface WorkCounter {
  steps: number;
}

/** A URI in the one form the matcher reads, or why it has none. */
export type NormalizedUri = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly detail: string };

/**
 * Brings a URI (or IRI) to printable ASCII in one pass, so that the automaton compares
 * characters and template literals byte for byte:
 * - pct-triplets are kept, hex upper-cased (RFC 3986 §6.2.2.1); a `%` that does not start
 *   a triplet makes the URI invalid;
 * - characters a URI cannot hold raw — non-ASCII (RFC 3987 §3.1), space, controls,
 *   `"<>\^`{|}` — are pct-encoded as UTF-8, so they decode back to themselves and reach
 *   the value checks (a raw NUL is refused there like `%00`); a lone surrogate has no UTF-8
 *   form and makes the URI invalid.
 * Nothing is decoded here: values are decoded exactly once, after matching.
 */
export function normalizeUri(uri: string, counter?: WorkCounter): NormalizedUri {
  const n = uri.length;
  let out = '';
  let runStart = 0;
  let i = 0;
  while (i < n) {
    const c = uri.charCodeAt(i);
    if (c < 0x80 && c !== 0x25 && has(URI_CHARS, c)) {
      i++;
      continue;
    }
    out += uri.slice(runStart, i);
    if (c === 0x25) {
      if (!isHexCode(uri.charCodeAt(i + 1)) || !isHexCode(uri.charCodeAt(i + 2))) {
        return { ok: false, detail: `invalid percent-encoding at offset ${i}` };
      }
      out += uri.slice(i, i + 3).toUpperCase();
      i += 3;
    } else if (c < 0x80) {
      out += pctByte(c);
      i++;
    } else {
      const cp = codePointAtStrict(uri, i);
      if (cp < 0) return { ok: false, detail: `lone UTF-16 surrogate at offset ${i}` };
      out += pctEncodeCodePoint(cp);
      i += cp > 0xffff ? 2 : 1;
    }
    runStart = i;
  }
  if (counter) counter.steps += n;
  return { ok: true, text: runStart === 0 ? uri : out + uri.slice(runStart) };
}
