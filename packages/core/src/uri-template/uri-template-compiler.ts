import type { Operator, TemplatePart } from './uri-template-ast';
import type { UriTemplateOptions } from './uri-template.types';
import { charTable, PRINTABLE, without } from './uri-char-classes';
import { findAdjacencyProblems, type AdjacencyNode } from './uri-template-adjacency';
import { emitExpression } from './uri-expression-emitter';
import { parseTemplate } from './uri-template-parser';
import { Inst, ProgramBuilder, type Program } from './uri-template-program';
import { resolveOptions, type ResolvedUriTemplateOptions } from './uri-template-options';
import { continuationChars, firstChars, valueClass, type UriComponent } from './uri-value-classes';

/** How a value is checked: one path segment, a multi-segment path, or a query value. */
export type ValueKind = 'segment' | 'path' | 'query';

/** One appearance of a variable in the template. */
export interface VarOccurrence {
  readonly name: string;
  readonly operator: Operator;
  readonly explode: boolean;
  readonly prefix: number | null;
  readonly kind: ValueKind;
  /** Capture slots of the raw value; -1 for query-tail parameters, which are found by name. */
  readonly start: number;
  readonly end: number;
}

/** The trailing `{?…}{&…}` expressions, matched as a set of named parameters in any order. */
export interface QueryTail {
  readonly start: number;
  readonly end: number;
  readonly params: ReadonlyMap<string, VarOccurrence>;
}

/** Everything `match`, `expand` and the overlap check need, built once per template. */
export interface CompiledTemplate {
  readonly source: string;
  readonly parts: readonly TemplatePart[];
  readonly variables: readonly string[];
  readonly occurrences: readonly VarOccurrence[];
  readonly tail: QueryTail | null;
  readonly program: Program;
  readonly options: ResolvedUriTemplateOptions;
  readonly literalPrefix: string;
  readonly literalLength: number;
  readonly wideExpressions: number;
  /** Why matching this template is ambiguous (see the adjacency check); empty when it is not. */
  readonly ambiguities: readonly string[];
}

/** Any printable character but `#`: a query runs to the fragment (RFC 3986 §3.4). */
const QUERY_CHARS = without(PRINTABLE, '#');

/** Parses, checks and compiles a template; throws ArmatureError on a bad template or options. */
export function compileTemplate(source: string, options?: UriTemplateOptions): CompiledTemplate {
  const parts = parseTemplate(source);
  const opts = resolveOptions(source, options);
  let tailStart = parts.length;
  while (tailStart > 0 && isQueryExpression(parts[tailStart - 1])) tailStart--;
  const b = new ProgramBuilder();
  const occurrences: VarOccurrence[] = [];
  let component: UriComponent = 'path';
  let run: AdjacencyNode[] = [];
  const ambiguities: string[] = [];
  for (let i = 0; i < tailStart; i++) {
    const part = parts[i];
    if (part.kind === 'literal') {
      ambiguities.push(...findAdjacencyProblems(run));
      run = [];
      b.chars(part.text);
      component = afterLiteral(component, part.text);
      continue;
    }
    const op = part.operator;
    const inComponent: UriComponent = op === '#' ? 'fragment' : op === '?' || op === '&' ? queryOf(component) : component;
    run.push({ source: part.source, first: firstChars(part, inComponent), continuation: continuationChars(part, inComponent) });
    for (const v of emitExpression(b, part, valueClass(op, inComponent))) {
      occurrences.push({ ...v.spec, operator: op, kind: kindOf(op), start: v.start, end: v.end });
    }
    component = inComponent;
  }
  let tail: QueryTail | null = null;
  if (tailStart < parts.length || (opts.allowUnknownQueryParams && component !== 'fragment')) {
    const firstChar = component === 'query' ? '&' : '?';
    const tailSource = parts.slice(tailStart).map((p) => (p.kind === 'expression' ? p.source : '')).join('');
    if (tailSource) run.push({ source: tailSource, first: charTable(firstChar), continuation: charTable('') });
    tail = emitTail(b, firstChar, collectTailParams(parts.slice(tailStart), ambiguities));
    occurrences.push(...tail.params.values());
  }
  ambiguities.push(...findAdjacencyProblems(run));
  b.emit(Inst.Match);
  const literals = parts.filter((p) => p.kind === 'literal').map((p) => p.text);
  return Object.freeze({
    source,
    parts: Object.freeze(parts),
    variables: Object.freeze([...new Set(occurrences.map((o) => o.name))]),
    occurrences: Object.freeze(occurrences),
    tail,
    program: b.build(),
    options: opts,
    literalPrefix: parts[0]?.kind === 'literal' ? parts[0].text : '',
    literalLength: literals.reduce((n, t) => n + t.length, 0),
    wideExpressions: parts.filter((p) => p.kind === 'expression' && (p.operator === '+' || p.operator === '#')).length,
    ambiguities: Object.freeze(ambiguities),
  });
}

function isQueryExpression(part: TemplatePart): boolean {
  return part.kind === 'expression' && (part.operator === '?' || part.operator === '&');
}

function queryOf(component: UriComponent): UriComponent {
  return component === 'path' ? 'query' : component;
}

function kindOf(op: Operator): ValueKind {
  return op === '+' || op === '#' ? 'path' : op === '?' || op === '&' ? 'query' : 'segment';
}

function afterLiteral(component: UriComponent, text: string): UriComponent {
  let c = component;
  for (const ch of text) {
    if (ch === '#') c = 'fragment';
    else if (ch === '?' && c === 'path') c = 'query';
  }
  return c;
}

function collectTailParams(parts: readonly TemplatePart[], ambiguities: string[]): Map<string, VarOccurrence> {
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

/** `( first QUERY_CHARS* )?` with the text after `first` captured for the query parser. */
function emitTail(b: ProgramBuilder, firstChar: string, params: Map<string, VarOccurrence>): QueryTail {
  const start = b.slot();
  const end = b.slot();
  const split = b.emit(Inst.Split);
  b.chars(firstChar);
  b.emit(Inst.Save, start);
  const loop = b.emit(Inst.Split);
  b.cls(QUERY_CHARS);
  b.emit(Inst.Jmp, loop);
  b.patch(loop, loop + 1, b.pc);
  b.emit(Inst.Save, end);
  b.patch(split, split + 1, b.pc);
  return { start, end, params };
}
