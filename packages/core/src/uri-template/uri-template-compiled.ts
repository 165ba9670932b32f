import type { Operator, TemplatePart } from './uri-template-ast';
import type { Program } from './uri-template-program';
import type { ResolvedUriTemplateOptions } from './uri-template-options';

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

/** Everything `match` and the overlap check need, built once per template. */
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
