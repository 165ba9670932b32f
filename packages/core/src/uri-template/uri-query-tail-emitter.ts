import type { TemplatePart } from './uri-template-ast';
import type { QueryTail, VarOccurrence } from './uri-template-compiled';
import type { AdjacencyNode } from './uri-template-adjacency';
import type { UriComponent } from './uri-value-classes';
import { charTable, PRINTABLE, without } from './uri-char-classes';
import { Inst, type ProgramBuilder } from './uri-template-program';

/** Any printable character but `#`: a query runs to the fragment (RFC 3986 §3.4). */
const QUERY_CHARS = without(PRINTABLE, '#');

/**
 * Emits the trailing query expressions (`{?a,b}{&c*}` at the end of the template) as
 * `( first QUERY_CHARS* )?`, capturing the text after `first` for the query parser,
 * which reads it as named parameters in any order. `parts` may be empty: with
 * `allowUnknownQueryParams` every template gets a tail that ignores what it finds.
 * The tail joins the current run of expressions for the adjacency check.
 */
export function emitQueryTail(
  b: ProgramBuilder,
  parts: readonly TemplatePart[],
  component: UriComponent,
  run: AdjacencyNode[],
  ambiguities: string[],
): QueryTail {
  // The query starts as the first trailing expression expands (`{?a}` → "?", `{&a}` →
  // "&", RFC 6570 §3.2.8–9); with no query expression it starts with "?", or "&" when the
  // template's literal text already opened the query.
  const first = parts[0];
  const firstChar = first?.kind === 'expression' ? first.operator : component === 'query' ? '&' : '?';
  // `{?a}{&b}` with `a` undefined expands to "&b=…" (the `?` expression expands to nothing):
  // such a tail may open with either character.
  const opensEither = firstChar === '?' && parts.some((p) => p.kind === 'expression' && p.operator === '&');
  const opener = charTable(opensEither ? '?&' : firstChar);
  const source = parts.map((p) => (p.kind === 'expression' ? p.source : '')).join('');
  if (source) run.push({ source, first: opener, continuation: charTable('') });
  const params = collectParams(parts, ambiguities);
  const start = b.slot();
  const end = b.slot();
  const split = b.emit(Inst.Split);
  if (opensEither) b.cls(opener);
  else b.chars(firstChar);
  b.emit(Inst.Save, start);
  const loop = b.emit(Inst.Split);
  b.cls(QUERY_CHARS);
  b.emit(Inst.Jmp, loop);
  b.patch(loop, loop + 1, b.pc);
  b.emit(Inst.Save, end);
  b.patch(split, split + 1, b.pc);
  return { start, end, params };
}

function collectParams(parts: readonly TemplatePart[], ambiguities: string[]): Map<string, VarOccurrence> {
  const params = new Map<string, VarOccurrence>();
  for (const part of parts) {
    if (part.kind !== 'expression') continue;
    for (const v of part.vars) {
      // Matched by name in any order, a parameter named twice cannot tell its occurrences
      // apart; the first one is used, and a URI naming it twice is refused.
      if (params.has(v.name)) {
        ambiguities.push(`query parameter "${v.name}" appears twice in the trailing query expressions`);
        continue;
      }
      params.set(v.name, { ...v, operator: part.operator, kind: 'query', start: -1, end: -1 });
    }
  }
  return params;
}
