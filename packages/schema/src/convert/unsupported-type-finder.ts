import * as ts from 'typescript';

/** Library types that are objects at compile time but do not survive JSON. */
const NOT_JSON_TYPES = new Set([
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  'Promise',
  'RegExp',
  'Function',
  'Error',
  'Symbol',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'Buffer',
  'ReadableStream',
  'Blob',
  'Iterator',
  'Generator',
  'AsyncGenerator',
]);

/** The part of a type JSON Schema cannot describe: where it is (empty: the type itself) and why. */
export interface UnsupportedPart {
  readonly path: readonly string[];
  /** Completes "<the part> …", e.g. `is a function, which JSON cannot carry; pass data instead`. */
  readonly reason: string;
}

/**
 * Finds the first part of a type that JSON Schema cannot describe (functions, symbols, bigint,
 * `never`, unresolved generics, Map/Set and other non-JSON library objects). Returns undefined
 * when the whole type is describable.
 */
export function findUnsupportedType(type: ts.Type, checker: ts.TypeChecker): UnsupportedPart | undefined {
  if (type.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined))
    return { path: [], reason: 'is undefined or void, which carries no value' };
  return new Walker(checker).visit(type, []);
}

class Walker {
  private readonly seen = new Set<ts.Type>();

  constructor(private readonly checker: ts.TypeChecker) {}

  visit(type: ts.Type, path: readonly string[]): UnsupportedPart | undefined {
    const reason = this.reasonFor(type);
    if (reason !== undefined) return { path, reason };
    if (this.seen.has(type)) return undefined;
    this.seen.add(type);
    // A branded primitive (`string & { __brand: 'Id' }`) is just the primitive in JSON.
    if (
      type.isIntersection() &&
      type.types.some((t) => t.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike))
    )
      return undefined;
    if (type.isUnionOrIntersection()) return this.first(type.types, (member) => this.visit(member, path));
    if (!(type.flags & ts.TypeFlags.Object)) return undefined;
    if (this.checker.isArrayType(type) || this.checker.isTupleType(type)) {
      const elements = this.checker.getTypeArguments(type as ts.TypeReference);
      return this.first(elements, (element) => this.visit(element, [...path, 'element']));
    }
    if (isDate(type)) return undefined;
    return this.visitMembers(type, path);
  }

  private visitMembers(type: ts.Type, path: readonly string[]): UnsupportedPart | undefined {
    for (const property of this.checker.getPropertiesOfType(type)) {
      if (property.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.Prototype | ts.SymbolFlags.Accessor) || isPrivate(property)) continue;
      const propertyType = this.checker.getTypeOfSymbol(property);
      if (propertyType.flags & ts.TypeFlags.Never) continue;
      const found = this.visit(propertyType, [...path, `property "${property.name}"`]);
      if (found !== undefined) return found;
    }
    for (const index of this.checker.getIndexInfosOfType(type)) {
      if (index.type.flags & ts.TypeFlags.Never) continue;
      const found = this.visit(index.type, [...path, 'index signature']);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  private reasonFor(type: ts.Type): string | undefined {
    const flags = type.flags;
    if (flags & ts.TypeFlags.Any && (type as { intrinsicName?: string }).intrinsicName === 'error') {
      return 'could not be resolved (a missing import or a type error); fix the TypeScript errors first';
    }
    if (flags & ts.TypeFlags.TypeParameter) {
      return `is the unresolved type parameter ${type.symbol?.name ?? '?'}; use a concrete type`;
    }
    if (flags & (ts.TypeFlags.Conditional | ts.TypeFlags.Substitution | ts.TypeFlags.Index | ts.TypeFlags.IndexedAccess)) {
      return `is the unresolved generic type ${this.checker.typeToString(type)}; use a concrete type`;
    }
    if (flags & ts.TypeFlags.Never) return 'is never: no value can be passed';
    if (flags & ts.TypeFlags.ESSymbolLike) return 'is a symbol, which JSON cannot carry';
    if (flags & ts.TypeFlags.BigIntLike) return 'is a bigint, which JSON cannot carry; use number, or string for large values';
    if (flags & ts.TypeFlags.Object) return this.objectReason(type as ts.ObjectType);
    return undefined;
  }

  private objectReason(type: ts.ObjectType): string | undefined {
    if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) {
      return 'is a function, which JSON cannot carry; pass data instead';
    }
    const symbol = type.getSymbol();
    if (symbol && NOT_JSON_TYPES.has(symbol.name) && isLibrarySymbol(symbol)) {
      return `is a ${symbol.name}, which JSON cannot carry; use an array, a Record or a plain object`;
    }
    return undefined;
  }

  private first<T>(items: readonly T[], visit: (item: T) => UnsupportedPart | undefined): UnsupportedPart | undefined {
    for (const item of items) {
      const found = visit(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
}

function isDate(type: ts.Type): boolean {
  const symbol = type.getSymbol();
  return symbol?.name === 'Date' && isLibrarySymbol(symbol);
}

function isLibrarySymbol(symbol: ts.Symbol): boolean {
  return (symbol.declarations ?? []).some((d) => {
    const file = d.getSourceFile();
    return file.hasNoDefaultLib || file.isDeclarationFile;
  });
}

function isPrivate(property: ts.Symbol): boolean {
  const declaration = property.valueDeclaration;
  if (!declaration) return false;
  const flags = ts.getCombinedModifierFlags(declaration);
  return (flags & ts.ModifierFlags.Private) !== 0 || property.name.startsWith('#') || property.name.startsWith('__@');
}
