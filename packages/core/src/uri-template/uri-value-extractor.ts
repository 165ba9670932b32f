import { OPERATORS } from './uri-template-ast';
import type { UriTemplateValues } from './uri-template.types';
import type { VarOccurrence } from './uri-template-compiled';
import { pctDecode } from './uri-percent-encoding';

/** A decoded value of one variable occurrence. */
export interface FoundValue {
  readonly occ: VarOccurrence;
  readonly value: string | string[];
}

/**
 * Turns the raw text the automaton captured for an occurrence into its decoded value.
 * Exploded lists are split at the operator's separator (RFC 6570 §3.2.1); for `.`, `+`
 * and `#`, whose values may hold the separator raw, that split is at every separator.
 * Named values drop their `name=` (a bare `name` is the empty string). Returns `null`
 * when a pct-encoded value is not valid UTF-8.
 */
export function decodeOccurrence(occ: VarOccurrence, raw: string): string | string[] | null {
  const spec = OPERATORS[occ.operator];
  if (!spec.named) return occ.explode ? decodeAll(raw.split(spec.sep)) : pctDecode(raw);
  if (!occ.explode) return raw === '' ? '' : pctDecode(raw.slice(1));
  const items = raw.split(spec.sep).map((pair) => {
    const rest = pair.slice(occ.name.length);
    return rest === '' ? '' : rest.slice(1);
  });
  return decodeAll(items);
}

function decodeAll(items: readonly string[]): string[] | null {
  const out: string[] = [];
  for (const item of items) {
    const v = pctDecode(item);
    if (v === null) return null;
    out.push(v);
  }
  return out;
}

/** The values record, or why the occurrences disagree. */
export type MergeResult = { readonly ok: true; readonly values: UriTemplateValues } | { readonly ok: false; readonly detail: string };

/**
 * Builds the values record. A prefix modifier `:n` caps the matched value at n characters
 * (code points, as RFC 6570 §2.4.1 counts them). A variable that appears more than once
 * must agree with itself: plain occurrences are equal, `:n` occurrences are the first n
 * characters of the full value; the full value is reported.
 */
export function mergeValues(found: readonly FoundValue[]): MergeResult {
  const values: UriTemplateValues = Object.create(null) as UriTemplateValues;
  const groups = new Map<string, FoundValue[]>();
  for (const f of found) {
    const p = f.occ.prefix;
    if (p !== null && typeof f.value === 'string' && codePointLength(f.value) > p) {
      return { ok: false, detail: `the value of "${f.occ.name}" is longer than its prefix modifier :${p} allows` };
    }
    const group = groups.get(f.occ.name);
    if (group) group.push(f);
    else groups.set(f.occ.name, [f]);
  }
  for (const [name, group] of groups) {
    const full = group.find((f) => f.occ.prefix === null) ?? longest(group);
    for (const f of group) {
      if (!agrees(full.value, f)) return { ok: false, detail: `variable "${name}" appears more than once with different values` };
    }
    values[name] = full.value;
  }
  return { ok: true, values };
}

function agrees(full: string | string[], f: FoundValue): boolean {
  if (Array.isArray(full) || Array.isArray(f.value)) {
    return Array.isArray(full) && Array.isArray(f.value) && full.length === f.value.length && full.every((v, i) => v === f.value[i]);
  }
  return f.occ.prefix === null ? f.value === full : f.value === codePointPrefix(full, f.occ.prefix);
}

function longest(group: readonly FoundValue[]): FoundValue {
  return group.reduce((a, f) => (f.value.length > a.value.length ? f : a));
}

/** Length in code points. */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/** The first `n` code points of `s`. */
export function codePointPrefix(s: string, n: number): string {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) continue;
    if (count === n) return s.slice(0, i);
    count++;
  }
  return s;
}
