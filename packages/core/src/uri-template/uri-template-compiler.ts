import type { Operator, TemplatePart } from './uri-template-ast';
import type { UriTemplateOptions } from './uri-template.types';
import type { CompiledTemplate, QueryTail, ValueKind, VarOccurrence } from './uri-template-compiled';
import { findAdjacencyProblems, type AdjacencyNode } from './uri-template-adjacency';
import { emitExpression } from './uri-expression-emitter';
import { emitQueryTail } from './uri-query-tail-emitter';
import { parseTemplate } from './uri-template-parser';
import { Inst, ProgramBuilder } from './uri-template-program';
import { resolveOptions } from './uri-template-options';
import { continuationChars, firstChars, valueClass, type UriComponent } from './uri-value-classes';

export type { CompiledTemplate, QueryTail, ValueKind, VarOccurrence } from './uri-template-compiled';

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
    tail = emitQueryTail(b, parts.slice(tailStart), component, run, ambiguities);
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
