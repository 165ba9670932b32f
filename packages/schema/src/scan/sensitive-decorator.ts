import * as ts from 'typescript';
import type { CoreOrigin } from './core-origin';

/** The decorator (exported by `@armature/core/observability`) that marks a value like the `@sensitive` tag. */
export const SENSITIVE_DECORATOR = 'Sensitive';

/**
 * Whether a declaration (a class property or a parameter) carries `@Sensitive()` — recognised
 * by the symbol it resolves to (renamed and namespace imports included), or by name when the
 * import cannot be resolved, like the handler decorators.
 */
export function hasSensitiveDecorator(declaration: ts.Node, origin: CoreOrigin): boolean {
  if (!ts.canHaveDecorators(declaration)) return false;
  for (const decorator of ts.getDecorators(declaration) ?? []) {
    const expression = decorator.expression;
    const callee = ts.isCallExpression(expression) ? expression.expression : expression;
    const identifier = ts.isIdentifier(callee)
      ? callee
      : ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name)
        ? callee.name
        : undefined;
    if (identifier === undefined) continue;
    const { origin: from, name } = origin.ofIdentifier(identifier);
    if (name === SENSITIVE_DECORATOR && from !== 'other') return true;
  }
  return false;
}

/** Whether any declaration of a property symbol carries `@Sensitive()`. */
export function isSensitiveProperty(property: ts.Symbol, origin: CoreOrigin): boolean {
  return (property.declarations ?? []).some((declaration) => hasSensitiveDecorator(declaration, origin));
}
