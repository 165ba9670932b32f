import * as ts from 'typescript';
import type { MethodKind } from '../manifest/manifest.types';
import type { CoreOrigin } from './core-origin';

const DECORATOR_KINDS: ReadonlyMap<string, MethodKind> = new Map([
  ['Tool', 'tool'],
  ['Prompt', 'prompt'],
  ['Resource', 'resource'],
  ['ResourceTemplate', 'resourceTemplate'],
]);

/** An Armature decorator found on a method. */
export interface MatchedDecorator {
  readonly kind: MethodKind;
  readonly node: ts.Decorator;
  /** The decorator call's arguments; empty for a bare `@Tool`. */
  readonly args: readonly ts.Expression[];
}

/**
 * Recognises `@Tool`, `@Prompt`, `@Resource` and `@ResourceTemplate` by the symbol they
 * resolve to (an export of `@armature/core`, renamed imports and namespace imports included),
 * or by name when the import cannot be resolved.
 */
export function matchDecorators(node: ts.HasDecorators, origin: CoreOrigin): MatchedDecorator[] {
  const matched: MatchedDecorator[] = [];
  for (const decorator of ts.getDecorators(node) ?? []) {
    const expression = decorator.expression;
    const callee = ts.isCallExpression(expression) ? expression.expression : expression;
    const identifier = calleeIdentifier(callee);
    if (!identifier) continue;
    const { origin: from, name } = origin.ofIdentifier(identifier);
    const kind = DECORATOR_KINDS.get(name);
    if (kind === undefined || from === 'other') continue;
    const args = ts.isCallExpression(expression) ? [...expression.arguments] : [];
    matched.push({ kind, node: decorator, args });
  }
  return matched;
}

function calleeIdentifier(callee: ts.Expression): ts.Identifier | undefined {
  if (ts.isIdentifier(callee)) return callee;
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name)) return callee.name;
  return undefined;
}
