import { OPERATORS, type ExpressionPart, type Operator } from './uri-template-ast';
import { charTable, PCHAR, URI_CHARS, without, VARCHAR, type CharTable } from './uri-char-classes';

/** The URI component (RFC 3986 §3) an expression sits in, from the template text before it. */
export type UriComponent = 'path' | 'query' | 'fragment';

/**
 * Raw characters (besides pct-triplets) a value of `operator` may hold when matching in
 * `component`. Expansion emits only unreserved characters for the non-`+`/`#` operators,
 * but clients often build URIs by hand, so matching accepts any RFC 3986 `pchar` there —
 * except the characters that delimit: the operator's separator, and `&` in a query.
 * Reserved expansion (`+`) never spans a component delimiter (`?`, `#`) when matching:
 * a URI's query starts at its first `?` (RFC 3986 §3.4), whatever RFC 6570 §3.2.3 emits.
 */
export function valueClass(operator: Operator, component: UriComponent): CharTable {
  const key = `${operator}|${component}`;
  let table = cache.get(key);
  if (!table) {
    table = computeValueClass(operator, component);
    cache.set(key, table);
  }
  return table;
}

const cache = new Map<string, CharTable>();

function computeValueClass(operator: Operator, component: UriComponent): CharTable {
  switch (operator) {
    case '+':
      return component === 'path' ? without(URI_CHARS, '?#') : without(URI_CHARS, '#');
    case '#':
      return without(URI_CHARS, '#');
    case '?':
    case '&':
      return without(charTable('/?', PCHAR), '&');
    default: {
      const base = operator === '' ? without(PCHAR, ',') : operator === ';' ? without(PCHAR, ';') : PCHAR;
      return component === 'query' ? without(base, '&') : base;
    }
  }
}

/** Characters a non-empty expansion of the expression can start with. */
export function firstChars(expr: ExpressionPart, component: UriComponent): CharTable {
  const spec = OPERATORS[expr.operator];
  if (spec.first) return charTable(spec.first);
  return charTable('%', valueClass(expr.operator, component));
}

/** Characters that can follow the expression's first character inside its expansion. */
export function continuationChars(expr: ExpressionPart, component: UriComponent): CharTable {
  const spec = OPERATORS[expr.operator];
  const parts: CharTable[] = [valueClass(expr.operator, component)];
  if (spec.named) parts.push(charTable('.=', VARCHAR));
  const repeats = expr.vars.length > 1 || expr.vars.some((v) => v.explode);
  return charTable(repeats ? `%${spec.sep}` : '%', ...parts);
}
