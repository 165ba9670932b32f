import * as ts from 'typescript';
import { mountPrefixProblem } from '@armature/core/naming';
import type { ScanContext } from './scan-context';

/** Packages whose `Module` decorator declares a module. */
const MODULE_PACKAGES = ['@armature/di', '@armature/core'];
/** How far identifiers are followed to their initializers (`const HANDLERS = [...]`). */
const MAX_DEPTH = 8;

/**
 * One module as far as the build can see it: a `@Module` class, or a dynamic module literal
 * (`{ module, handlers, imports }`, inline or returned by a `forRoot()`). Plain data, so a
 * file's scan can be cached.
 */
export interface ModuleNode {
  /** `<file>#<Class>` for a module class; `<file>:<line>:<column>` for a dynamic module literal. */
  readonly key: string;
  /** For messages: `AppModule (src/app.module.ts:7)`. */
  readonly label: string;
  /** Class keys (`<file>#<Class>`) of the handlers listed. */
  readonly handlers: readonly string[];
  /** Keys of the modules imported (class keys or literal keys). */
  readonly imports: readonly string[];
  /** A `mount(module, { prefix })` node: the prefix it serves its imports under. */
  readonly prefix?: string;
  /** A mount whose prefix is not a literal: what it serves cannot be named at build time. */
  readonly opaque?: boolean;
}

/** The `<file>#<Class>` key of a class, as claims and module nodes name it. */
export function classKey(context: ScanContext, file: string, className: string): string {
  return `${context.relative(file)}#${className}`;
}

/**
 * Reads the statically visible module graph of one source file: its `@Module` classes, and
 * the dynamic modules their `imports` reach. Anything computed at run time is left out (the
 * kernel checks those at boot).
 */
export function readModules(file: ts.SourceFile, context: ScanContext): ModuleNode[] {
  if (!file.text.includes('Module')) return [];
  const reader = new ModuleReader(context);
  for (const statement of file.statements) {
    if (!ts.isClassDeclaration(statement) || !statement.name) continue;
    const decorator = moduleDecorator(statement, context);
    if (decorator === undefined) continue;
    reader.owner = statement.name.text;
    const literal = decorator.metadata === undefined ? undefined : reader.objectLiteral(decorator.metadata, 0);
    const at = context.locate(statement.name);
    reader.add({
      key: classKey(context, file.fileName, statement.name.text),
      label: `${statement.name.text} (${at.file}:${at.line})`,
      ...(literal ? reader.lists(literal, 0) : { handlers: [], imports: [] }),
    });
  }
  return reader.nodes;
}

/** The `@Module(...)` decorator of a class and its argument; undefined when the class is not a module. */
function moduleDecorator(node: ts.ClassDeclaration, context: ScanContext): { readonly metadata: ts.Expression | undefined } | undefined {
  for (const decorator of ts.getDecorators(node) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call)) continue;
    const callee = ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression;
    if (!ts.isIdentifier(callee)) continue;
    const { from, name } = context.origin.fromPackages(callee, MODULE_PACKAGES);
    if (name === 'Module' && from !== false) return { metadata: call.arguments[0] };
  }
  return undefined;
}

class ModuleReader {
  readonly nodes: ModuleNode[] = [];
  /** The module class being read, for problems. */
  owner = '';
  private readonly seen = new Set<string>();

  constructor(private readonly context: ScanContext) {}

  add(node: ModuleNode): void {
    if (this.seen.has(node.key)) return;
    this.seen.add(node.key);
    this.nodes.push(node);
  }

  /** The `handlers` and `imports` of a module metadata literal. */
  lists(literal: ts.ObjectLiteralExpression, depth: number): Pick<ModuleNode, 'handlers' | 'imports'> {
    const handlers: string[] = [];
    const imports: string[] = [];
    for (const property of literal.properties) {
      const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
      const value = ts.isPropertyAssignment(property)
        ? property.initializer
        : ts.isShorthandPropertyAssignment(property)
          ? property.name
          : undefined;
      if (value === undefined) continue;
      if (name === 'handlers') {
        for (const item of this.items(value, depth)) {
          const cls = this.classOf(item);
          if (cls) handlers.push(cls);
        }
      } else if (name === 'imports') {
        for (const item of this.items(value, depth)) imports.push(...this.importKeys(item, depth));
      } else if (name === 'module') {
        const cls = this.classOf(value);
        if (cls) imports.push(cls);
      }
    }
    return { handlers, imports };
  }

  /** An object literal, directly or behind a constant. */
  objectLiteral(expression: ts.Expression, depth: number): ts.ObjectLiteralExpression | undefined {
    const bare = this.resolve(expression, depth);
    return bare && ts.isObjectLiteralExpression(bare) ? bare : undefined;
  }

  /** The elements of an array literal (spreads and constants followed). */
  private items(expression: ts.Expression, depth: number): ts.Expression[] {
    const bare = this.resolve(expression, depth);
    if (!bare || !ts.isArrayLiteralExpression(bare)) return [];
    return bare.elements.flatMap((element) => (ts.isSpreadElement(element) ? this.items(element.expression, depth + 1) : [element]));
  }

  /** The keys of an imported module: a class, `forwardRef(() => X)`, a literal, or the literals a `forRoot()` visibly returns. */
  private importKeys(expression: ts.Expression, depth: number): string[] {
    if (depth > MAX_DEPTH) return [];
    const bare = unwrap(expression);
    if (ts.isCallExpression(bare)) {
      const [first] = bare.arguments;
      if (first && this.isMount(bare)) return [this.mountKey(bare, first, depth + 1)];
      if (
        ts.isIdentifier(bare.expression) &&
        bare.expression.text === 'forwardRef' &&
        first &&
        ts.isArrowFunction(first) &&
        !ts.isBlock(first.body)
      ) {
        return this.importKeys(first.body, depth + 1);
      }
      const literals = this.returnedLiterals(bare);
      if (literals.length > 0) return literals.map((literal) => this.dynamicKey(literal, depth + 1));
      // `Module.forRoot()` of a package (only its declarations are visible): the module class itself.
      const owner = ts.isPropertyAccessExpression(bare.expression) ? this.classOf(bare.expression.expression) : undefined;
      return owner === undefined ? [] : [owner];
    }
    const literal = this.objectLiteral(bare, depth);
    if (literal) return [this.dynamicKey(literal, depth + 1)];
    const cls = this.classOf(bare);
    return cls === undefined ? [] : [cls];
  }

  /** True for a call of core's `mount()`. */
  private isMount(call: ts.CallExpression): boolean {
    if (!ts.isIdentifier(call.expression)) return false;
    const { from, name } = this.context.origin.fromPackages(call.expression, ['@armature/core']);
    return name === 'mount' && from === true;
  }

  /** A node for `mount(module, { prefix })`: its one import, served under the literal prefix. */
  private mountKey(call: ts.CallExpression, module: ts.Expression, depth: number): string {
    const at = this.context.locate(call);
    const key = `${at.file}:${at.line}:${at.column}`;
    if (this.seen.has(key)) return key;
    this.seen.add(key);
    const options = call.arguments[1] === undefined ? undefined : this.objectLiteral(call.arguments[1], depth);
    const property = options?.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'prefix',
    );
    const value = property === undefined ? undefined : this.resolve(property.initializer, depth);
    const prefix = value !== undefined && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) ? value.text : undefined;
    const why = prefix === undefined ? undefined : mountPrefixProblem(prefix);
    if (why !== undefined && value !== undefined) {
      this.context.report(
        value,
        'ARM_ERR_MOUNT_PREFIX',
        { className: this.owner },
        `mount prefix ${JSON.stringify(prefix).slice(0, 80)} ${why}; use 1-64 characters of A-Z a-z 0-9 _ . - (e.g. "github").`,
      );
    }
    this.nodes.push({
      key,
      label: `mount(${module.getText()}, ${prefix === undefined ? 'a computed prefix' : JSON.stringify(prefix)}) (${at.file}:${at.line})`,
      handlers: [],
      imports: this.importKeys(module, depth),
      ...(prefix === undefined ? { opaque: true } : { prefix }),
    });
    return key;
  }

  private dynamicKey(literal: ts.ObjectLiteralExpression, depth: number): string {
    const at = this.context.locate(literal);
    const key = `${at.file}:${at.line}:${at.column}`;
    if (!this.seen.has(key)) {
      const moduleProperty = literal.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'module');
      const name = moduleProperty && ts.isPropertyAssignment(moduleProperty) ? moduleProperty.initializer.getText() : 'a dynamic module';
      this.seen.add(key);
      this.nodes.push({ key, label: `${name} (dynamic, ${at.file}:${at.line})`, ...this.lists(literal, depth) });
    }
    return key;
  }

  /** The object literals a called function returns (each `return` of one); empty when none is visible. */
  private returnedLiterals(call: ts.CallExpression): ts.ObjectLiteralExpression[] {
    const callee = ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression;
    const symbol = this.symbolOf(callee);
    const declaration = symbol?.declarations?.find(
      (d) => ts.isMethodDeclaration(d) || ts.isFunctionDeclaration(d) || ts.isVariableDeclaration(d),
    );
    let body: ts.ConciseBody | undefined;
    if (declaration && (ts.isMethodDeclaration(declaration) || ts.isFunctionDeclaration(declaration))) body = declaration.body;
    else if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
      const init = unwrap(declaration.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) body = init.body;
    }
    if (!body) return [];
    if (!ts.isBlock(body)) {
      const literal = this.objectLiteral(body, 1);
      return literal ? [literal] : [];
    }
    const literals: ts.ObjectLiteralExpression[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
      if (ts.isReturnStatement(node) && node.expression) {
        const literal = this.objectLiteral(node.expression, 1);
        if (literal) literals.push(literal);
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
    return literals;
  }

  /** The class key an expression names, when it names a class declared in the author's sources. */
  private classOf(expression: ts.Expression): string | undefined {
    const bare = unwrap(expression);
    const target = ts.isPropertyAccessExpression(bare) ? bare.name : bare;
    if (!ts.isIdentifier(target)) return undefined;
    const declaration = this.symbolOf(target)?.declarations?.find(ts.isClassDeclaration);
    if (!declaration?.name) return undefined;
    return classKey(this.context, declaration.getSourceFile().fileName, declaration.name.text);
  }

  /** An expression with wrappers removed and constants replaced by their initializers. */
  private resolve(expression: ts.Expression, depth: number): ts.Expression | undefined {
    let bare = unwrap(expression);
    for (let i = depth; ts.isIdentifier(bare) && i <= MAX_DEPTH; i++) {
      const declaration = this.symbolOf(bare)?.declarations?.find(ts.isVariableDeclaration);
      if (!declaration?.initializer) return undefined;
      bare = unwrap(declaration.initializer);
    }
    return bare;
  }

  private symbolOf(node: ts.Node): ts.Symbol | undefined {
    const symbol = this.context.checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) return this.context.checker.getAliasedSymbol(symbol);
    return symbol;
  }
}

/** Parentheses, `as`, `satisfies` and `!` removed. */
function unwrap(expression: ts.Expression): ts.Expression {
  let node = expression;
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isTypeAssertionExpression(node)
  ) {
    node = node.expression;
  }
  return node;
}
