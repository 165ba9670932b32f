import * as ts from 'typescript';
import { CoreOrigin } from './core-origin';
import { matchDecorators } from './decorator-matcher';

/** A method carrying `@Tool`, `@Resource`, `@ResourceTemplate` or `@Prompt`, named as its class's emitted JavaScript names it. */
export interface HandlerMethodSite {
  /** The class's name (the emitted `<name>.prototype`). */
  readonly className: string;
  readonly method: string;
  /**
   * Whether a parameter is typed by a class that is not `@armature/core`'s (a DTO): the runtime
   * reads that class from the method's `design:paramtypes`, the manifest cannot give it.
   */
  readonly classTypedParameter: boolean;
  /** Whether the Armature decorator is the method's only decorator (none on the method or its parameters besides). */
  readonly soleDecorator: boolean;
}

/**
 * Finds the handler methods of source files by the symbols their decorators resolve to, as
 * the scanner does (one finder per program: it caches where packages are).
 */
export class HandlerMethodFinder {
  private readonly origin: CoreOrigin;

  constructor(private readonly checker: ts.TypeChecker) {
    this.origin = new CoreOrigin(checker);
  }

  /** The instance methods of named classes in `file` that carry an Armature handler decorator. */
  sitesOf(file: ts.SourceFile): HandlerMethodSite[] {
    const sites: HandlerMethodSite[] = [];
    const visit = (node: ts.Node): void => {
      if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.name !== undefined)
        this.addClass(node.name.text, node, sites);
      ts.forEachChild(node, visit);
    };
    // A file without a decorator has nothing to find; most files of a project are such.
    if (file.text.includes('@')) visit(file);
    return sites;
  }

  private addClass(className: string, node: ts.ClassLikeDeclaration, sites: HandlerMethodSite[]): void {
    for (const member of node.members) {
      if (!ts.isMethodDeclaration(member) || !ts.canHaveDecorators(member)) continue;
      if (member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) continue;
      const name = member.name;
      if (!ts.isIdentifier(name) && !ts.isStringLiteral(name)) continue;
      const matched = matchDecorators(member, this.origin).length;
      if (matched === 0) continue;
      const sole = matched === 1 && ts.getDecorators(member)?.length === 1 && member.parameters.every((p) => !ts.getDecorators(p)?.length);
      sites.push({
        className,
        method: name.text,
        classTypedParameter: member.parameters.some((p) => this.isClassTyped(p)),
        soleDecorator: sole,
      });
    }
  }

  private isClassTyped(parameter: ts.ParameterDeclaration): boolean {
    const type = this.checker.getTypeAtLocation(parameter);
    const parts = type.isUnionOrIntersection() ? type.types : [type];
    return parts.some((part) => {
      const symbol = part.getSymbol();
      return symbol !== undefined && (symbol.flags & ts.SymbolFlags.Class) !== 0 && !this.origin.declaredInCore(symbol);
    });
  }
}
