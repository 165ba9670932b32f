import type { QueryTail } from './uri-template-compiled';
import type { FoundValue } from './uri-value-extractor';
import { quote } from './uri-template-errors';
import { pctDecode } from './uri-percent-encoding';

/** The query parameters found, or why the query does not fit the template. */
export type QueryParseResult = { readonly ok: true; readonly found: FoundValue[] } | { readonly ok: false; readonly detail: string };

/**
 * Reads the text after the query's first `?` (or `&`) as `name=value` pairs joined by `&`,
 * in any order (RFC 6570 §3.2.8 fixes an order for expansion; clients do not always keep
 * it). A bare `name` is an empty value; empty pairs (`&&`) are skipped. Names compare
 * exactly, as written in the template. A plain parameter given twice is refused (which
 * one would the handler get?); an exploded one (`{?tag*}`) collects every value in order.
 * Unknown names are refused unless the template allows them. `+` is not a space here:
 * this is RFC 3986 pct-encoding, not HTML form encoding.
 */
export function parseQuery(text: string, tail: QueryTail, allowUnknown: boolean): QueryParseResult {
  const plain = new Map<string, string>();
  const lists = new Map<string, string[]>();
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    const pair = text.slice(start, end);
    start = end + 1;
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const occ = tail.params.get(name);
    if (!occ) {
      if (allowUnknown) continue;
      return { ok: false, detail: `unknown query parameter ${quote(name, 64)}` };
    }
    const value = pctDecode(eq < 0 ? '' : pair.slice(eq + 1));
    if (value === null) return { ok: false, detail: `query parameter "${name}" is not valid UTF-8 once decoded` };
    if (occ.explode) {
      const list = lists.get(name);
      if (list) list.push(value);
      else lists.set(name, [value]);
    } else if (plain.has(name)) {
      return { ok: false, detail: `query parameter "${name}" appears more than once` };
    } else {
      plain.set(name, value);
    }
  }
  const found: FoundValue[] = [];
  for (const occ of tail.params.values()) {
    const value: string | string[] | undefined = occ.explode ? lists.get(occ.name) : plain.get(occ.name);
    if (value !== undefined) found.push({ occ, value });
  }
  return { ok: true, found };
}
