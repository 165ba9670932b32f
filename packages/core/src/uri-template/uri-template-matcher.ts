import type { UriMatchResult } from './uri-template.types';
import type { CompiledTemplate } from './uri-template-compiled';
import { normalizeUri, type WorkCounter } from './uri-normalizer';
import { parseQuery } from './uri-query-parser';
import { quote } from './uri-template-errors';
import { runProgram } from './uri-template-vm';
import { decodeOccurrence, mergeValues, type FoundValue } from './uri-value-extractor';
import { findUnsafeValue, UNSAFE_VALUE_DETAIL } from './uri-value-safety';

/**
 * Matches a URI against a compiled template: length limit, normalization, the automaton,
 * decoding (exactly once), query parameters, then the value checks. Never throws; every
 * refusal comes back as a reason with a detail for the log. Each stage is one pass over
 * its input, so the whole match is linear in the URI's length.
 */
export function matchCompiled(t: CompiledTemplate, uri: unknown, counter?: WorkCounter): UriMatchResult {
  if (typeof uri !== 'string') return noMatch('the URI is not a string');
  if (uri.length > t.options.maxUriLength) {
    return { ok: false, reason: 'too-long', detail: `the URI has ${uri.length} characters; the limit is ${t.options.maxUriLength}` };
  }
  const normalized = normalizeUri(uri, counter);
  if (!normalized.ok) return noMatch(normalized.detail);
  return matchNormalized(t, normalized.text, counter);
}

/** `matchCompiled` for a URI already length-checked and normalized. */
function matchNormalized(t: CompiledTemplate, text: string, counter?: WorkCounter): UriMatchResult {
  if (!text.startsWith(t.literalPrefix)) return noMatch(`the URI does not start with ${quote(t.literalPrefix)}`);
  const caps = runProgram(t.program, text, counter);
  if (!caps) return noMatch(`the URI does not have the shape of ${quote(t.source)}`);
  const found: FoundValue[] = [];
  for (const occ of t.occurrences) {
    if (occ.start < 0 || caps[occ.start] < 0) continue;
    const value = decodeOccurrence(occ, text.slice(caps[occ.start], caps[occ.end]));
    if (value === null) return noMatch(`the value of "${occ.name}" is not valid UTF-8 once decoded`);
    found.push({ occ, value });
  }
  if (t.tail && caps[t.tail.start] >= 0) {
    const query = parseQuery(text.slice(caps[t.tail.start], caps[t.tail.end]), t.tail, t.options.allowUnknownQueryParams);
    if (!query.ok) return noMatch(query.detail);
    found.push(...query.found);
  }
  if (counter) counter.steps += text.length;
  for (const f of found) {
    const ctx = { kind: f.occ.kind, allow: t.options.allow };
    for (const item of typeof f.value === 'string' ? [f.value] : f.value) {
      const check = findUnsafeValue(item, ctx);
      if (check) {
        return {
          ok: false,
          reason: 'unsafe-value',
          detail: `the value of "${f.occ.name}" ${UNSAFE_VALUE_DETAIL[check]}: ${quote(item, 64)}`,
          variable: f.occ.name,
          check,
        };
      }
    }
  }
  const merged = mergeValues(found);
  return merged.ok ? { ok: true, values: merged.values } : noMatch(merged.detail);
}

function noMatch(detail: string): UriMatchResult {
  return { ok: false, reason: 'no-match', detail };
}
