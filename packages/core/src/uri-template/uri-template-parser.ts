import type { ExpressionPart, Operator, TemplatePart, VarSpec } from './uri-template-ast';
import { charTable, has, VARCHAR } from './uri-char-classes';
import { invalidTemplate, quote } from './uri-template-errors';
import { codePointAtStrict, isHexCode, pctEncodeCodePoint } from './uri-percent-encoding';

/**
 * RFC 6570 §2.1 literals: printable ASCII except `"`, `%` (outside a triplet), `<`, `>`,
 * `\`, `^`, `` ` ``, `{`, `|`, `}`. We also accept `'`, which the ABNF leaves out but the
 * RFC's own test suite uses and which is a legal URI sub-delim.
 */
const LITERAL_ASCII = charTable("!#$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~");
const OPERATOR_CHARS = '+#./;?&';
/** RFC 6570 §2.2: reserved for future extensions, so an error today. */
const RESERVED_OPERATORS = '=,!@|';

/** Parses a template (RFC 6570 §2) into literal and expression parts, or throws ArmatureError. */
export function parseTemplate(template: string): TemplatePart[] {
  if (typeof template !== 'string') throw invalidTemplate(String(template), 'a template must be a string');
  const parts: TemplatePart[] = [];
  let literal = '';
  let i = 0;
  while (i < template.length) {
    const c = template.charCodeAt(i);
    if (c === 0x7b) {
      if (literal) parts.push({ kind: 'literal', text: literal });
      literal = '';
      const end = template.indexOf('}', i);
      const nested = template.indexOf('{', i + 1);
      if (end < 0 || (nested >= 0 && nested < end)) throw invalidTemplate(template, 'unclosed expression; add "}"', i);
      parts.push(parseExpression(template, i, end));
      i = end + 1;
    } else if (c === 0x7d) {
      throw invalidTemplate(template, '"}" without a matching "{"', i);
    } else if (c === 0x25) {
      if (!isHexCode(template.charCodeAt(i + 1)) || !isHexCode(template.charCodeAt(i + 2))) {
        throw invalidTemplate(template, '"%" must start a pct-encoded triplet such as %2F', i);
      }
      literal += template.slice(i, i + 3).toUpperCase();
      i += 3;
    } else if (c < 0x80) {
      if (!has(LITERAL_ASCII, c)) {
        throw invalidTemplate(template, `${quote(template[i])} is not allowed in a literal (RFC 6570 §2.1); pct-encode it`, i);
      }
      literal += template[i];
      i++;
    } else {
      const cp = codePointAtStrict(template, i);
      if (cp < 0 || cp < 0xa0) throw invalidTemplate(template, 'a lone surrogate or C1 control character', i);
      literal += pctEncodeCodePoint(cp);
      i += cp > 0xffff ? 2 : 1;
    }
  }
  if (literal) parts.push({ kind: 'literal', text: literal });
  return parts;
}

function parseExpression(template: string, start: number, end: number): ExpressionPart {
  const source = template.slice(start, end + 1);
  let i = start + 1;
  let operator: Operator = '';
  const first = template[i];
  if (first !== undefined && OPERATOR_CHARS.includes(first)) {
    operator = first as Operator;
    i++;
  } else if (first !== undefined && RESERVED_OPERATORS.includes(first)) {
    throw invalidTemplate(template, `operator ${quote(first)} in ${source} is reserved (RFC 6570 §2.2)`, i);
  }
  const vars: VarSpec[] = [];
  for (;;) {
    const spec = parseVarSpec(template, i, end, source);
    vars.push(spec.varSpec);
    i = spec.next;
    if (i === end) break;
    i++; // the ',' between varspecs
  }
  return { kind: 'expression', operator, vars, source };
}

function parseVarSpec(template: string, start: number, end: number, source: string): { varSpec: VarSpec; next: number } {
  let i = start;
  let name = '';
  // varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded (§2.3)
  for (;;) {
    const c = template.charCodeAt(i);
    if (has(VARCHAR, c)) {
      name += template[i++];
    } else if (c === 0x25 && isHexCode(template.charCodeAt(i + 1)) && isHexCode(template.charCodeAt(i + 2))) {
      name += template.slice(i, i + 3).toUpperCase();
      i += 3;
    } else if (c === 0x2e && name !== '' && !name.endsWith('.')) {
      name += '.';
      i++;
    } else {
      break;
    }
  }
  if (name === '' || name.endsWith('.')) {
    const what = i === end || template[i] === ',' ? 'an empty or malformed variable name' : `${quote(template[i])} in a variable name`;
    throw invalidTemplate(template, `${what} in ${source} (RFC 6570 §2.3)`, i);
  }
  let explode = false;
  let prefix: number | null = null;
  if (template[i] === '*') {
    explode = true;
    i++;
  } else if (template[i] === ':') {
    const digits = /^[1-9][0-9]{0,3}/.exec(template.slice(i + 1, Math.min(end, i + 6)));
    if (!digits) throw invalidTemplate(template, `a prefix in ${source} must be an integer from 1 to 9999 (RFC 6570 §2.4.1)`, i);
    prefix = Number(digits[0]);
    i += 1 + digits[0].length;
  }
  if (i !== end && template[i] !== ',') {
    throw invalidTemplate(template, `${quote(template[i])} after variable ${quote(name)} in ${source}`, i);
  }
  return { varSpec: { name, explode, prefix }, next: i };
}
