import type * as ts from 'typescript';
import { DEF_KEY_PATTERN, readDefName } from './def-names';
import { keepObjectDefs } from './named-defs';
import { applyOptionTitleMarks, OPTION_TITLES_MARK, type ConversionFinding, type MarkedTitles } from './option-title-marks';
import { readTypeTitles } from '../elicit/option-titles';
import { createGenerator, ROOT_SYMBOL } from './patched-generator';
import { normalizeSchema, type NormalizedSchema } from './schema-normalizer';
import { findUnsupportedType, type UnsupportedPart } from './unsupported-type-finder';

/**
 * `input`: objects are closed (`additionalProperties: false`), intersections are merged.
 * `output`: objects stay open, because a handler may return more than its declared type.
 */
export type SchemaMode = 'input' | 'output';

/**
 * A converted type (with what it could not honour: option-title tags that have no effect where
 * they are written, for the caller to report), or why the type cannot be a schema.
 */
export type ConversionResult =
  | { readonly ok: true; readonly value: NormalizedSchema; readonly findings: readonly ConversionFinding[] }
  | { readonly ok: false; readonly problem: UnsupportedPart };

/**
 * `schema` (tool inputs and outputs): options with titles become `oneOf` / `items.anyOf` of
 * `{ const, title }`. `form`: enums stay plain, the elicitation form builder titles them.
 */
export type ConversionPurpose = 'schema' | 'form';

/**
 * `recursive` (the default): shared types are inlined, only recursion produces `$defs`.
 * `named` (the `@schemaDefs` opt-in): named object types — interfaces, classes and their
 * generic instantiations — are kept under `$defs` too; the converted schema of such a type
 * is itself a `$ref`.
 */
export type DefsMode = 'recursive' | 'named';

/**
 * Converts TypeScript types to self-contained JSON Schema 2020-12 with typescript-json-schema,
 * after checking that the type can be described at all. Definitions are referenced as
 * `#/$defs/<key>`, the key being the type's `@defName` tag, else its name made of `A-Za-z0-9_`.
 */
export class TypeToSchema {
  /** Types are interned by the checker, so one type object converts once per scan, mode and defs mode. */
  private readonly caches = new Map<string, Map<ts.Type, ConversionResult>>();

  constructor(
    private readonly checker: ts.TypeChecker,
    /** Whether a property carries a sensitive mark the generator cannot see in JSDoc (a decorator). */
    private readonly markedSensitive?: (property: ts.Symbol) => boolean,
  ) {}

  /** Converts one type. Never throws: a failure comes back as a reason. The result is the caller's to change. */
  convert(type: ts.Type, mode: SchemaMode, defs: DefsMode = 'recursive', purpose: ConversionPurpose = 'schema'): ConversionResult {
    const key = `${mode}:${defs}:${purpose}`;
    let cache = this.caches.get(key);
    if (cache === undefined) this.caches.set(key, (cache = new Map()));
    let result = cache.get(type);
    if (result === undefined) {
      result = this.convertUncached(type, mode, defs, purpose);
      cache.set(type, result);
    }
    return result.ok ? { ok: true, value: structuredClone(result.value), findings: result.findings } : result;
  }

  private convertUncached(type: ts.Type, mode: SchemaMode, defs: DefsMode, purpose: ConversionPurpose): ConversionResult {
    const unsupported = findUnsupportedType(type, this.checker);
    if (unsupported !== undefined) return { ok: false, problem: unsupported };
    const { generator, typesByName, marks, findings } = createGenerator(this.checker, type, {
      closedObjects: mode === 'input',
      namedDefs: defs === 'named',
      optionTitles: purpose === 'schema',
      ...(this.markedSensitive === undefined ? {} : { markedSensitive: this.markedSensitive }),
    });
    // The generator reports non-literal class initializers on console.warn; they are not
    // problems here (such properties are simply optional), so keep the build output clean.
    // eslint-disable-next-line no-console -- silences the generator's own warnings; prints nothing
    const warn = console.warn;
    // eslint-disable-next-line no-console -- silences the generator's own warnings; prints nothing
    console.warn = () => undefined;
    try {
      const root = generator.getSchemaForSymbol(ROOT_SYMBOL, false);
      const definitions = generator.ReffedDefinitions;
      const keys = new Map<string, string>();
      for (const name of Object.keys(definitions)) {
        const named = typesByName.get(name);
        const tag = named === undefined ? undefined : readDefName(named);
        if (tag === undefined) continue;
        if (!DEF_KEY_PATTERN.test(tag.key)) {
          return {
            ok: false,
            problem: {
              path: [],
              reason: `uses ${tag.typeName}, whose @defName ${JSON.stringify(tag.key)} is not a $defs key; use letters, digits and "_" only`,
            },
          };
        }
        keys.set(name, tag.key);
      }
      const normalized = normalizeSchema(root, definitions, keys);
      const value = defs === 'named' ? keepObjectDefs(normalized) : normalized;
      if (purpose === 'form') return { ok: true, value, findings };
      const rootFindings = this.markRoot(type, value, marks);
      return { ok: true, value, findings: [...findings, ...rootFindings, ...applyOptionTitleMarks(value, marks)] };
    } catch (error) {
      return { ok: false, problem: { path: [], reason: `cannot be converted to a JSON Schema (${(error as Error).message})` } };
    } finally {
      // eslint-disable-next-line no-console -- silences the generator's own warnings; prints nothing
      console.warn = warn;
    }
  }

  /** A root that is itself a titled enum (a positional parameter, a return type) gets the property's mark. */
  private markRoot(type: ts.Type, value: NormalizedSchema, marks: MarkedTitles[]): ConversionFinding[] {
    const read = readTypeTitles('value', type, this.checker);
    if (read === undefined) return [];
    if ('reason' in read) return [{ node: read.node, message: `${read.reason}; the schema lists its options without titles` }];
    (value.schema as Record<string, unknown>)[OPTION_TITLES_MARK] = marks.length;
    marks.push({ titles: read.titles, property: 'value', node: read.node });
    return [];
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
