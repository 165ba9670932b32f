import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/** The package whose exports the scanner recognises (decorators, `RequestContext`, content types). */
export const CORE_PACKAGE = '@armature/core';

/** Where a symbol comes from, as far as the scanner cares. */
export type Origin = 'core' | 'unresolved' | 'other';

/**
 * Tells whether symbols come from `@armature/core`. A symbol counts as core when it is
 * imported from a `@armature/core` module specifier, or when its declaration lies in the
 * package named `@armature/core` (re-exports through the author's own barrels included).
 * When an import cannot be resolved (fixtures, a core not yet built), the symbol is
 * `unresolved` and callers fall back to its name.
 */
export class CoreOrigin {
  private readonly packageNames = new Map<string, string | null>();

  constructor(private readonly checker: ts.TypeChecker) {}

  /** The origin and original (export) name of the symbol an identifier refers to. */
  ofIdentifier(identifier: ts.Identifier): { origin: Origin; name: string } {
    const symbol = this.checker.getSymbolAtLocation(identifier);
    if (!symbol) return { origin: 'unresolved', name: identifier.text };
    return this.ofSymbol(symbol, identifier.text);
  }

  /** The origin and original name of a symbol (aliases followed). */
  ofSymbol(symbol: ts.Symbol, fallbackName = symbol.name): { origin: Origin; name: string } {
    if (symbol.flags & ts.SymbolFlags.Alias) {
      const imported = importedFrom(symbol);
      const target = this.checker.getAliasedSymbol(symbol);
      const targetKnown = (target.declarations?.length ?? 0) > 0 && !(target.flags & ts.SymbolFlags.Alias);
      const name = imported?.name ?? (targetKnown ? target.name : fallbackName);
      if (imported && isCoreSpecifier(imported.specifier)) return { origin: 'core', name };
      if (!targetKnown) return { origin: 'unresolved', name };
      return { origin: this.declaredInCore(target) ? 'core' : 'other', name: target.name };
    }
    return { origin: this.declaredInCore(symbol) ? 'core' : 'other', name: symbol.name };
  }

  /** True when one of the symbol's declarations is a file of the `@armature/core` package. */
  declaredInCore(symbol: ts.Symbol): boolean {
    return this.declaredIn(symbol, CORE_PACKAGE);
  }

  /**
   * Whether an identifier refers to an export of one of `packages` (imported from it, or
   * declared in it); `unresolved` when the import cannot be resolved, so callers go by name.
   */
  fromPackages(identifier: ts.Identifier, packages: readonly string[]): { from: boolean | 'unresolved'; name: string } {
    const symbol = this.checker.getSymbolAtLocation(identifier);
    if (!symbol) return { from: 'unresolved', name: identifier.text };
    if (!(symbol.flags & ts.SymbolFlags.Alias)) return { from: packages.some((p) => this.declaredIn(symbol, p)), name: symbol.name };
    const imported = importedFrom(symbol);
    const target = this.checker.getAliasedSymbol(symbol);
    const targetKnown = (target.declarations?.length ?? 0) > 0 && !(target.flags & ts.SymbolFlags.Alias);
    const name = imported?.name ?? (targetKnown ? target.name : identifier.text);
    if (imported && packages.some((p) => imported.specifier === p || imported.specifier.startsWith(`${p}/`))) return { from: true, name };
    if (!targetKnown) return { from: 'unresolved', name };
    return { from: packages.some((p) => this.declaredIn(target, p)), name: target.name };
  }

  private declaredIn(symbol: ts.Symbol, packageName: string): boolean {
    return (symbol.declarations ?? []).some((d) => this.packageOf(d.getSourceFile().fileName, packageName) === packageName);
  }

  private packageOf(fileName: string, expected: string): string | null {
    const normalized = fileName.replace(/\\/g, '/');
    if (normalized.includes(`/node_modules/${expected}/`)) return expected;
    return this.packageOfDir(path.dirname(fileName));
  }

  private packageOfDir(dir: string): string | null {
    const cached = this.packageNames.get(dir);
    if (cached !== undefined) return cached;
    let name: string | null = null;
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      name = readPackageName(manifest);
    } else {
      const parent = path.dirname(dir);
      name = parent === dir ? null : this.packageOfDir(parent);
    }
    this.packageNames.set(dir, name);
    return name;
  }
}

function readPackageName(file: string): string | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    const name = typeof parsed === 'object' && parsed !== null ? (parsed as { name?: unknown }).name : undefined;
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

function isCoreSpecifier(specifier: string): boolean {
  return specifier === CORE_PACKAGE || specifier.startsWith(`${CORE_PACKAGE}/`);
}

/** For an import alias: the module specifier it is imported from and the exported name. */
function importedFrom(symbol: ts.Symbol): { specifier: string; name: string } | undefined {
  const declaration = symbol.declarations?.[0];
  if (!declaration) return undefined;
  if (ts.isImportSpecifier(declaration)) {
    const specifier = declaration.parent.parent.parent.moduleSpecifier;
    const name = (declaration.propertyName ?? declaration.name).text;
    return ts.isStringLiteral(specifier) ? { specifier: specifier.text, name } : undefined;
  }
  if (ts.isNamespaceImport(declaration) || ts.isImportClause(declaration)) {
    const importDeclaration = ts.isNamespaceImport(declaration) ? declaration.parent.parent : declaration.parent;
    const specifier = importDeclaration.moduleSpecifier;
    return ts.isStringLiteral(specifier) ? { specifier: specifier.text, name: symbol.name } : undefined;
  }
  return undefined;
}
