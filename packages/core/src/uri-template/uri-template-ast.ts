/** An expression operator (RFC 6570 §2.2); `''` is simple string expansion. */
export type Operator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** One `varspec` (RFC 6570 §2.3, §2.4): a name and at most one modifier. */
export interface VarSpec {
  /** The variable name as written (pct-encoded triplets upper-cased). */
  readonly name: string;
  /** `*`: the value is a list whose items are joined by the operator's separator. */
  readonly explode: boolean;
  /** `:n` (1–9999): expansion keeps the first n characters; matching caps the length. */
  readonly prefix: number | null;
}

/** Literal text, normalized: non-ASCII pct-encoded as UTF-8, pct-encoded hex upper-cased. */
export interface LiteralPart {
  readonly kind: 'literal';
  readonly text: string;
}

/** One `{…}` expression. */
export interface ExpressionPart {
  readonly kind: 'expression';
  readonly operator: Operator;
  readonly vars: readonly VarSpec[];
  /** The expression as written, braces included, for error messages. */
  readonly source: string;
}

/** A parsed template: literals and expressions in order. */
export type TemplatePart = LiteralPart | ExpressionPart;

/** The per-operator behaviour table of RFC 6570 Appendix A. */
export interface OperatorSpec {
  readonly first: string;
  readonly sep: string;
  readonly named: boolean;
  readonly ifemp: string;
  /** Reserved characters (and pct-triplets in values) pass through unencoded. */
  readonly allowReserved: boolean;
}

/** RFC 6570 Appendix A, row by row. */
export const OPERATORS: Readonly<Record<Operator, OperatorSpec>> = Object.freeze({
  '': { first: '', sep: ',', named: false, ifemp: '', allowReserved: false },
  '+': { first: '', sep: ',', named: false, ifemp: '', allowReserved: true },
  '.': { first: '.', sep: '.', named: false, ifemp: '', allowReserved: false },
  '/': { first: '/', sep: '/', named: false, ifemp: '', allowReserved: false },
  ';': { first: ';', sep: ';', named: true, ifemp: '', allowReserved: false },
  '?': { first: '?', sep: '&', named: true, ifemp: '=', allowReserved: false },
  '&': { first: '&', sep: '&', named: true, ifemp: '=', allowReserved: false },
  '#': { first: '#', sep: ',', named: false, ifemp: '', allowReserved: true },
});
