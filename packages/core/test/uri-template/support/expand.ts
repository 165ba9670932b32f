import { compiledTemplateOf, type UriTemplate } from '../../../src/uri-template/uri-template';

// RFC 6570 §3 expansion (levels 1–4), kept for the tests: the runtime only matches URIs, and
// expanding then matching is how the property tests check that matching inverts expansion.

import { OPERATORS, type ExpressionPart, type OperatorSpec, type TemplatePart } from '../../../src/uri-template/uri-template-ast';
import { has, RESERVED, UNRESERVED } from '../../../src/uri-template/uri-char-classes';
import { isHexCode, pctEncodeCodePoint } from '../../../src/uri-template/uri-percent-encoding';
import { codePointPrefix } from '../../../src/uri-template/uri-value-extractor';

/** Expands `template` with `values` (RFC 6570 §3, levels 1–4). */
export function expand(template: UriTemplate, values: UriTemplateExpandValues): string {
  return expandParts(compiledTemplateOf(template).parts, values);
}

function expandParts(parts: readonly TemplatePart[], values: UriTemplateExpandValues): string {
  let out = '';
  for (const part of parts) out += part.kind === 'literal' ? part.text : expandExpression(part, values);
  return out;
}

// RFC 6570 Appendix A, "expand an expression".
function expandExpression(expr: ExpressionPart, values: UriTemplateExpandValues): string {
  const spec = OPERATORS[expr.operator];
  let out = '';
  let first = true;
  for (const v of expr.vars) {
    const value = lookup(values, v.name);
    if (value === undefined) continue;
    out += first ? spec.first : spec.sep;
    first = false;
    if (!Array.isArray(value) && typeof value !== 'object') {
      const s = v.prefix === null ? String(value) : codePointPrefix(String(value), v.prefix);
      out += named(spec, v.name, s) + encode(s, spec.allowReserved);
      continue;
    }
    // Prefix modifiers do not apply to composite values (RFC 6570 §2.4.1): expanded whole.
    const pairs: [string | null, string][] = Array.isArray(value)
      ? (value as readonly UriTemplateScalar[]).map((item) => [null, String(item)])
      : Object.keys(value).map((k) => [k, String((value as Record<string, UriTemplateScalar>)[k])]);
    if (!v.explode) {
      const joined = pairs
        .map(([k, item]) => (k === null ? '' : encode(k, spec.allowReserved) + ',') + encode(item, spec.allowReserved))
        .join(',');
      out += spec.named ? `${v.name}=` + joined : joined;
      continue;
    }
    out += pairs
      .map(([k, item]) => {
        if (k !== null)
          return encode(k, spec.allowReserved) + (spec.named && item === '' ? spec.ifemp : '=') + encode(item, spec.allowReserved);
        return (spec.named ? named(spec, v.name, item) : '') + encode(item, spec.allowReserved);
      })
      .join(spec.sep);
  }
  return out;
}

/** The variable's value, or `undefined` for undefined ones (null, empty list or object, §2.3). */
function lookup(values: UriTemplateExpandValues, name: string): Exclude<UriTemplateExpandValue, null> {
  // Own properties only, so `{constructor}` does not expand Object.prototype.constructor.
  if (values === null || typeof values !== 'object' || !Object.prototype.hasOwnProperty.call(values, name)) return undefined;
  const value = values[name];
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value;
  if (typeof value === 'object') return Object.keys(value).length === 0 ? undefined : value;
  return value;
}

function named(spec: OperatorSpec, name: string, value: string): string {
  if (!spec.named) return '';
  return value === '' ? name + spec.ifemp : `${name}=`;
}

/**
 * Keeps unreserved characters (and, for `+`/`#`, reserved characters and existing
 * pct-triplets, RFC 6570 §3.2.3); pct-encodes everything else as UTF-8. A lone surrogate
 * has no UTF-8 form and is written as U+FFFD.
 */
function encode(value: string, allowReserved: boolean): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (has(UNRESERVED, c) || (allowReserved && has(RESERVED, c))) {
      out += value[i];
    } else if (allowReserved && c === 0x25 && isHexCode(value.charCodeAt(i + 1)) && isHexCode(value.charCodeAt(i + 2))) {
      out += value.slice(i, i + 3);
      i += 2;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      out += pctEncodeCodePoint(0x10000 + ((c - 0xd800) << 10) + (value.charCodeAt(i + 1) - 0xdc00));
      i++;
    } else {
      out += pctEncodeCodePoint(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c);
    }
  }
  return out;
}

/** A scalar a template variable can be expanded from (RFC 6570 §2.3: numbers become strings). */
export type UriTemplateScalar = string | number | boolean;

/**
 * A value for one variable in `expand`: a string (or number/boolean), a list, or an
 * associative array (RFC 6570 §2.3). `null`, `undefined`, an empty list and an empty
 * object are "undefined" and expand to nothing.
 */
export type UriTemplateExpandValue =
  UriTemplateScalar | readonly UriTemplateScalar[] | { readonly [key: string]: UriTemplateScalar } | null | undefined;

/** Variable values for `expand`, by variable name. */
export type UriTemplateExpandValues = { readonly [name: string]: UriTemplateExpandValue };
