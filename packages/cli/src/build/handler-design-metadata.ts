import * as path from 'node:path';
import * as ts from 'typescript';
import { HandlerMethodFinder, type HandlerMethodSite } from '@armature/schema';

// With `emitDecoratorMetadata` (which the DI container needs for constructors) TypeScript also
// writes `design:type`, `design:paramtypes` and `design:returntype` for every decorated method:
// three reflect-metadata definitions, and a metadata map per method, each time a handler module
// loads. For a handler method the manifest already says what they say (which parameter is the
// context, what the schemas are), so `armature build` leaves them out. It keeps a method's
// `design:paramtypes` when a parameter is typed by a class (a DTO), which the runtime reads
// from there. docs/cli.md, "Handler methods' design metadata".

/** The `design:*` keys emitted for a method. */
const METHOD_DESIGN_KEYS: ReadonlySet<string> = new Set(['design:type', 'design:paramtypes', 'design:returntype']);

/** The name a helper call is made by: `__decorate(…)`, `tslib_1.__decorate(…)` or `(0, tslib_1.__decorate)(…)`. */
function helperName(callee: ts.Expression): string | undefined {
  let expression = callee;
  while (ts.isParenthesizedExpression(expression)) expression = expression.expression;
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.CommaToken) expression = expression.right;
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return undefined;
}

/** Whether an element of a method's decorator list is a `__metadata("design:…", …)` the site does without. */
function isDroppedMetadata(element: ts.Expression, site: HandlerMethodSite): boolean {
  if (!ts.isCallExpression(element) || helperName(element.expression) !== '__metadata') return false;
  const key = element.arguments[0];
  if (key === undefined || !ts.isStringLiteral(key) || !METHOD_DESIGN_KEYS.has(key.text)) return false;
  return key.text !== 'design:paramtypes' || !site.classTypedParameter;
}

/** The site a `__decorate([...], Class.prototype, "method", null)` call decorates, if it is one of `sites`. */
function decoratedSite(call: ts.CallExpression, sites: ReadonlyMap<string, HandlerMethodSite>): HandlerMethodSite | undefined {
  if (call.arguments.length !== 4 || helperName(call.expression) !== '__decorate') return undefined;
  const [list, target, key] = call.arguments;
  if (!ts.isArrayLiteralExpression(list) || !ts.isStringLiteral(key)) return undefined;
  if (!ts.isPropertyAccessExpression(target) || target.name.text !== 'prototype' || !ts.isIdentifier(target.expression)) return undefined;
  return sites.get(siteKey(target.expression.text, key.text));
}

function siteKey(className: string, method: string): string {
  return `${className}\0${method}`;
}

/**
 * The transformers of one emit: `before` finds the handler methods of each file in the
 * program (the checker resolves the decorators), `after` drops their `design:*` metadata
 * from the `__decorate` calls TypeScript wrote.
 */
function transformersOf(program: ts.Program): ts.CustomTransformers {
  const sitesByFile = new Map<string, Map<string, HandlerMethodSite>>();
  let finder: HandlerMethodFinder | undefined;
  const before: ts.TransformerFactory<ts.SourceFile> = () => (file) => {
    finder ??= new HandlerMethodFinder(program.getTypeChecker());
    const sites = finder.sitesOf(file);
    if (sites.length > 0) sitesByFile.set(file.fileName, new Map(sites.map((site) => [siteKey(site.className, site.method), site])));
    return file;
  };
  const after: ts.TransformerFactory<ts.SourceFile> = (context) => (file) => {
    const sites = sitesByFile.get(file.fileName);
    if (sites === undefined) return file;
    sitesByFile.delete(file.fileName);
    const visit = (node: ts.Node): ts.Node => {
      if (ts.isCallExpression(node)) {
        const site = decoratedSite(node, sites);
        if (site !== undefined) {
          const list = node.arguments[0] as ts.ArrayLiteralExpression;
          const kept = list.elements.filter((element) => !isDroppedMetadata(element, site));
          const [decorator] = kept;
          // The decorator alone: applied directly, as `__decorate` would apply it (Armature's
          // decorators use the target and name only, and return nothing, so the helper's
          // descriptor round trip, `Object.defineProperty` on the prototype per method, is moot).
          if (site.soleDecorator && kept.length === 1 && decorator !== undefined && ts.isCallExpression(decorator))
            return context.factory.createCallExpression(decorator, undefined, [node.arguments[1]!, node.arguments[2]!]);
          if (kept.length === list.elements.length) return node;
          const rest = node.arguments.slice(1);
          return context.factory.updateCallExpression(node, node.expression, node.typeArguments, [
            context.factory.updateArrayLiteralExpression(list, kept),
            ...rest,
          ]);
        }
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitEachChild(file, visit, context);
  };
  return { before: [before], after: [after] };
}

/**
 * Wraps a solution builder's program factory so that its host can hand each project's emit
 * the transformers above: `getCustomTransformers` is given only the project's tsconfig path,
 * so the program created for it is remembered until its emit asks.
 */
export function withoutHandlerDesignMetadata<T extends ts.BuilderProgram>(
  createProgram: ts.CreateProgram<T>,
): { readonly createProgram: ts.CreateProgram<T>; readonly getCustomTransformers: (project: string) => ts.CustomTransformers | undefined } {
  const programs = new Map<string, ts.Program>();
  const wrapped: ts.CreateProgram<T> = (...args) => {
    const created = createProgram(...args);
    // The solution builder puts the project's tsconfig path in the options it creates a program with.
    const config = (args[1] as { configFilePath?: unknown } | undefined)?.configFilePath;
    if (typeof config === 'string') programs.set(path.resolve(config), created.getProgram());
    return created;
  };
  const getCustomTransformers = (project: string): ts.CustomTransformers | undefined => {
    const key = path.resolve(project);
    const program = programs.get(key);
    if (program === undefined) return undefined;
    programs.delete(key);
    return transformersOf(program);
  };
  return { createProgram: wrapped, getCustomTransformers };
}
