import * as ts from 'typescript';
import type { ScanContext } from './scan-context';

/** `@armature/core` types a tool may return as content (passed through, no output schema). */
const CONTENT_TYPE_NAMES = new Set([
  'ContentBlock',
  'ToolResult',
  'CallToolResult',
  'TextContent',
  'ImageContent',
  'AudioContent',
  'ResourceLink',
  'EmbeddedResource',
]);

/** A content type of core, or an array of them. */
export function isContentType(type: ts.Type, context: ScanContext): boolean {
  const { checker } = context;
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return element !== undefined && isContentType(element, context);
  }
  for (const symbol of [type.aliasSymbol, type.getSymbol()]) {
    if (symbol && CONTENT_TYPE_NAMES.has(symbol.name) && context.origin.declaredInCore(symbol)) return true;
  }
  return type.isUnion() && type.types.every((member) => isContentType(member, context));
}

/**
 * The same test on the written return type, for when core's types cannot be resolved:
 * `ContentBlock`, `ContentBlock[]`, `Promise<ToolResult>`, `Array<TextContent>`, …
 */
export function isContentTypeNode(node: ts.TypeNode, context: ScanContext): boolean {
  const recurse = (inner: ts.TypeNode): boolean => isContentTypeNode(inner, context);
  if (ts.isArrayTypeNode(node)) return recurse(node.elementType);
  if (ts.isTypeOperatorNode(node) || ts.isParenthesizedTypeNode(node)) return recurse(node.type);
  if (ts.isUnionTypeNode(node)) return node.types.every(recurse);
  if (!ts.isTypeReferenceNode(node)) return false;
  const identifier = ts.isIdentifier(node.typeName) ? node.typeName : node.typeName.right;
  const [argument] = node.typeArguments ?? [];
  if (['Promise', 'Array', 'ReadonlyArray'].includes(identifier.text) && argument) return recurse(argument);
  const found = context.origin.ofIdentifier(identifier);
  return CONTENT_TYPE_NAMES.has(found.name) && found.origin !== 'other';
}
