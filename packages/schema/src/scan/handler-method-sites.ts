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

  /**
   * The instance methods that carry an Armature handler decorator, of the classes in `file`
   * a manifest entry can be found for at run time: declared at the top level (as the scanner
   * reads them) and exported (the runtime finds a class's compiled file by its exports).
   */
  sitesOf(file: ts.SourceFile): HandlerMethodSite[] {
    const sites: HandlerMethodSite[] = [];
    // A file without a decorator has nothing to find; most files of a project are such.
    if (!file.text.includes('@')) return sites;
    const exported = this.exportedDeclarations(file);
    for (const statement of file.statements) {
      if (ts.isClassDeclaration(statement) && statement.name !== undefined && exported.has(statement))
        this.addClass(statement.name.text, statement, sites);
    }
    return sites;
  }

  /** The declarations `file` exports (`export class`, `export { X }`, `export default X`). */
  private exportedDeclarations(file: ts.SourceFile): Set<ts.Declaration> {
    const declarations = new Set<ts.Declaration>();
    const moduleSymbol = this.checker.getSymbolAtLocation(file);
    if (moduleSymbol === undefined) return declarations;
    for (const symbol of this.checker.getExportsOfModule(moduleSymbol)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
      for (const declaration of target.declarations ?? []) declarations.add(declaration);
    }
    return declarations;
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
