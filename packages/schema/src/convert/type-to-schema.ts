import type * as ts from 'typescript';
import { createGenerator, ROOT_SYMBOL } from './patched-generator';
import { normalizeSchema, type NormalizedSchema } from './schema-normalizer';
import { findUnsupportedType, type UnsupportedPart } from './unsupported-type-finder';

/**
 * `input`: objects are closed (`additionalProperties: false`), intersections are merged.
 * `output`: objects stay open, because a handler may return more than its declared type.
 */
export type SchemaMode = 'input' | 'output';

/** A converted type, or why the type cannot be a schema. */
export type ConversionResult =
  | { readonly ok: true; readonly value: NormalizedSchema }
  | { readonly ok: false; readonly problem: UnsupportedPart };

/**
 * Converts TypeScript types to self-contained JSON Schema 2020-12 with typescript-json-schema,
 * after checking that the type can be described at all. Shared types are inlined; only
 * recursive types produce `$defs`, referenced as `#/$defs/<name>`.
 */
export class TypeToSchema {
  /** Types are interned by the checker, so one type object converts once per scan and mode. */
  private readonly cache = new Map<ts.Type, ConversionResult>();
  private readonly outputCache = new Map<ts.Type, ConversionResult>();

  constructor(private readonly checker: ts.TypeChecker) {}

  /** Converts one type. Never throws: a failure comes back as a reason. The result is the caller's to change. */
  convert(type: ts.Type, mode: SchemaMode): ConversionResult {
    const cache = mode === 'input' ? this.cache : this.outputCache;
    let result = cache.get(type);
    if (result === undefined) {
      result = this.convertUncached(type, mode);
      cache.set(type, result);
    }
    return result.ok ? { ok: true, value: structuredClone(result.value) } : result;
  }

  private convertUncached(type: ts.Type, mode: SchemaMode): ConversionResult {
    const unsupported = findUnsupportedType(type, this.checker);
    if (unsupported !== undefined) return { ok: false, problem: unsupported };
    const generator = createGenerator(this.checker, type, mode === 'input');
    // The generator reports non-literal class initializers on console.warn; they are not
    // problems here (such properties are simply optional), so keep the build output clean.
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      const root = generator.getSchemaForSymbol(ROOT_SYMBOL, false);
      return { ok: true, value: normalizeSchema(root, generator.ReffedDefinitions) };
    } catch (error) {
      return { ok: false, problem: { path: [], reason: `cannot be converted to a JSON Schema (${(error as Error).message})` } };
    } finally {
      console.warn = warn;
    }
  }
}

/**
 * A sentence saying why a type cannot be a schema: `the parameter type () => void is a function, …`
 * or `in the return type Options, property "cb" is a function, …`.
 */
export function describeUnsupported(role: string, typeText: string, problem: UnsupportedPart): string {
  if (problem.path.length === 0) return `the ${role} type ${typeText} ${problem.reason}.`;
  return `in the ${role} type ${typeText}, ${problem.path.join(' → ')} ${problem.reason}.`;
}
