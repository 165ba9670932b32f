import * as ts from 'typescript';
import type { JsonValue } from '../manifest/manifest.types';
import { readLiteral } from './literal-value';
import type { ScanContext } from './scan-context';

/** What the scanner knows about one declared parameter. */
export interface ParamInfo {
  readonly index: number;
  /** Undefined for a destructuring pattern. */
  readonly name: string | undefined;
  readonly node: ts.ParameterDeclaration;
  readonly type: ts.Type;
  readonly isContext: boolean;
  readonly isRest: boolean;
  /** `?`, an initializer, or a type that admits undefined. */
  readonly optional: boolean;
  /** The initializer, when it is a literal. */
  readonly defaultValue: { readonly value: JsonValue } | undefined;
  /** The declared type is a class of the author's sources (the DTO rule). */
  readonly isClass: boolean;
}

/** Reads every parameter of a method (a `this` parameter is not one). */
export function readParameters(method: ts.MethodDeclaration, context: ScanContext): ParamInfo[] {
  const declared = method.parameters.filter((p) => !(ts.isIdentifier(p.name) && p.name.text === 'this'));
  return declared.map((node, index) => {
    const type = context.checker.getTypeAtLocation(node);
    const literal = node.initializer ? readLiteral(node.initializer, context.checker) : undefined;
    return {
      index,
      name: ts.isIdentifier(node.name) ? node.name.text : undefined,
      node,
      type,
      isContext: isRequestContext(node, type, context),
      isRest: node.dotDotDotToken !== undefined,
      optional: node.questionToken !== undefined || node.initializer !== undefined || admitsUndefined(type),
      defaultValue: literal?.ok ? { value: literal.value } : undefined,
      isClass: isOwnClass(context.checker.getNonNullableType(type), context),
    };
  });
}

/**
 * A `RequestContext` parameter: its annotation names `RequestContext` imported from
 * `@armature/core` (or unresolvable), or its type is core's `RequestContext` class.
 */
function isRequestContext(node: ts.ParameterDeclaration, type: ts.Type, context: ScanContext): boolean {
  const annotation = node.type;
  if (annotation && ts.isTypeReferenceNode(annotation)) {
    const name = ts.isIdentifier(annotation.typeName) ? annotation.typeName : annotation.typeName.right;
    const found = context.origin.ofIdentifier(name);
    if (found.name === 'RequestContext' && found.origin !== 'other') return true;
  }
  const symbol = context.checker.getNonNullableType(type).getSymbol();
  return symbol?.name === 'RequestContext' && context.origin.declaredInCore(symbol);
}

function admitsUndefined(type: ts.Type): boolean {
  const members = type.isUnion() ? type.types : [type];
  return members.some((t) => (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0);
}

function isOwnClass(type: ts.Type, context: ScanContext): boolean {
  const symbol = type.getSymbol();
  if (!symbol || !(symbol.flags & ts.SymbolFlags.Class) || type.isUnionOrIntersection()) return false;
  return (symbol.declarations ?? []).some((d) => ts.isClassLike(d) && context.isAuthorFile(d.getSourceFile()));
}
