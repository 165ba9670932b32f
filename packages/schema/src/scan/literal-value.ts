import * as ts from 'typescript';
import type { JsonValue } from '../manifest/manifest.types';

/** The result of reading an expression as a JSON literal. */
export type LiteralResult = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false };

const NOT_LITERAL: LiteralResult = { ok: false };

/**
 * Reads an expression as a JSON value when it is written as a literal: strings, numbers
 * (signed), booleans, null, arrays and object literals of literals, enum members and
 * constants whose type is a literal. Wrappers (`as const`, parentheses, `satisfies`) are seen through.
 */
export function readLiteral(expression: ts.Expression, checker?: ts.TypeChecker): LiteralResult {
  const node = unwrap(expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return ok(node.text);
  if (ts.isNumericLiteral(node)) return ok(Number(node.text));
  if (node.kind === ts.SyntaxKind.TrueKeyword) return ok(true);
  if (node.kind === ts.SyntaxKind.FalseKeyword) return ok(false);
  if (node.kind === ts.SyntaxKind.NullKeyword) return ok(null);
  if (ts.isPrefixUnaryExpression(node)) return readSigned(node, checker);
  if (ts.isArrayLiteralExpression(node)) return readArray(node, checker);
  if (ts.isObjectLiteralExpression(node)) return readObject(node, checker);
  if (checker && (ts.isPropertyAccessExpression(node) || ts.isIdentifier(node) || ts.isElementAccessExpression(node))) {
    return readConstant(node, checker);
  }
  return NOT_LITERAL;
}

function ok(value: JsonValue): LiteralResult {
  return { ok: true, value };
}

function unwrap(expression: ts.Expression): ts.Expression {
  let node = expression;
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isTypeAssertionExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node)
  ) {
    node = node.expression;
  }
  return node;
}

function readSigned(node: ts.PrefixUnaryExpression, checker?: ts.TypeChecker): LiteralResult {
  const inner = readLiteral(node.operand, checker);
  if (!inner.ok || typeof inner.value !== 'number') return NOT_LITERAL;
  if (node.operator === ts.SyntaxKind.MinusToken) return ok(-inner.value);
  if (node.operator === ts.SyntaxKind.PlusToken) return inner;
  return NOT_LITERAL;
}

function readArray(node: ts.ArrayLiteralExpression, checker?: ts.TypeChecker): LiteralResult {
  const values: JsonValue[] = [];
  for (const element of node.elements) {
    if (ts.isSpreadElement(element) || ts.isOmittedExpression(element)) return NOT_LITERAL;
    const value = readLiteral(element, checker);
    if (!value.ok) return NOT_LITERAL;
    values.push(value.value);
  }
  return ok(values);
}

function readObject(node: ts.ObjectLiteralExpression, checker?: ts.TypeChecker): LiteralResult {
  const result: { [key: string]: JsonValue } = {};
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property)) return NOT_LITERAL;
    const key = propertyKey(property.name);
    if (key === undefined) return NOT_LITERAL;
    const value = readLiteral(property.initializer, checker);
    if (!value.ok) return NOT_LITERAL;
    result[key] = value.value;
  }
  return ok(result);
}

/** The text of a property name written as an identifier, string or number. */
export function propertyKey(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return undefined;
}

function readConstant(node: ts.Expression, checker: ts.TypeChecker): LiteralResult {
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
    const constant = checker.getConstantValue(node);
    if (constant !== undefined) return ok(constant);
  }
  const type = checker.getTypeAtLocation(node);
  if (type.isStringLiteral() || type.isNumberLiteral()) return ok(type.value);
  if (type.flags & ts.TypeFlags.BooleanLiteral) return ok(checker.typeToString(type) === 'true');
  if (type.flags & ts.TypeFlags.Null) return ok(null);
  return NOT_LITERAL;
}
