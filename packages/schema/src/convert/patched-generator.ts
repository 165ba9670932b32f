import * as ts from 'typescript';
import { fromEntries, hasOwn } from './own-keys';
import { SENSITIVE_KEYWORD } from './sensitive-paths';
import { JsonSchemaGenerator, getDefaultArgs, type Args, type Definition } from 'typescript-json-schema';
import { ENUM_NAMES_TAG, readPropertyTitles } from '../elicit/option-titles';
import { OPTION_TITLES_MARK, type ConversionFinding, type MarkedTitles } from './option-title-marks';

/** The name the scanner gives the one type it asks the generator for. */
export const ROOT_SYMBOL = '__ArmatureRoot';

/** The private generator methods the scanner extends (typescript-json-schema 0.68). */
interface GeneratorInternals {
  getClassDefinition(type: ts.Type, definition: Definition): Definition;
  getDefinitionForProperty(prop: ts.Symbol, node: ts.Node): Definition | null;
  getTypeDefinition(type: ts.Type, ...rest: unknown[]): Definition;
  makeTypeNameUnique(type: ts.Type, baseName: string): string;
}

/** How the generator is set up for one conversion. */
export interface GeneratorSettings {
  /** Input schemas close their objects (`additionalProperties: false`). */
  readonly closedObjects: boolean;
  /** Named object types become definitions referenced by `$ref` (the `@schemaDefs` opt-in); else only recursion does. */
  readonly namedDefs: boolean;
  /** Whether a property is marked sensitive other than by JSDoc (the `@Sensitive()` decorator). */
  readonly markedSensitive?: (property: ts.Symbol) => boolean;
  /**
   * Properties with option titles (`@optionTitle`, `@title` on enum members) are marked for
   * `applyOptionTitleMarks`. Off for elicitation forms, which read titles themselves.
   */
  readonly optionTitles: boolean;
}

/** A generator, and the type behind each definition name it hands out (for `@defName`). */
export interface PatchedGenerator {
  readonly generator: JsonSchemaGenerator;
  readonly typesByName: ReadonlyMap<string, ts.Type>;
  /** The titles behind each option-titles mark, by the mark's value. */
  readonly marks: MarkedTitles[];
  /** Title tags that could not be honoured, found while generating. */
  readonly findings: readonly ConversionFinding[];
}

/**
 * Creates a typescript-json-schema generator for a single type, named {@link ROOT_SYMBOL}
 * (the generator works on named symbols; the scanner names the parameter or return type it
 * needs instead of writing a virtual source file). Some gaps are filled in:
 * - a branded primitive (`string & { __brand: 'Id' }`) is its primitive; `Uppercase<string>`
 *   and other string mappings are strings;
 * - symbol-keyed properties, `#private` fields and accessors are left out (JSON never carries them);
 * - index signatures of mapped types (`Record<string, T>`) become `additionalProperties`
 *   (or `patternProperties` for number keys) instead of a closed empty object;
 * - a class property with an initializer is not required (the initializer supplies it;
 *   a literal initializer is also recorded as `default`), nor is a property whose type
 *   admits undefined (JSON cannot send undefined, only leave the property out).
 */
export function createGenerator(checker: ts.TypeChecker, type: ts.Type, settings: GeneratorSettings): PatchedGenerator {
  const args: Args = {
    ...getDefaultArgs(),
    ref: settings.namedDefs,
    topRef: settings.namedDefs,
    required: true,
    noExtraProps: settings.closedObjects,
    excludePrivate: true,
    ignoreErrors: true,
    // `@sensitive` on a property becomes a `sensitive` mark the tool builder turns into the
    // manifest's redaction paths and then removes (clients never see it).
    validationKeywords: [SENSITIVE_KEYWORD],
  };
  const generator = new JsonSchemaGenerator([], { [ROOT_SYMBOL]: type }, {}, {}, checker, args);
  const internals = generator as unknown as GeneratorInternals;
  const getClassDefinition = internals.getClassDefinition;
  internals.getClassDefinition = function patched(this: GeneratorInternals, classType, definition) {
    const result = getClassDefinition.call(this, classType, definition);
    restoreProtoProperty(checker, classType, result, (prop, node) => this.getDefinitionForProperty(prop, node));
    dropNonJsonProperties(checker, classType, result);
    addIndexSignatures(checker, classType, result, (t) => this.getTypeDefinition(t));
    releaseOptionalProperties(checker, classType, result);
    return result;
  };
  const markedSensitive = settings.markedSensitive;
  const marks: MarkedTitles[] = [];
  const findings: ConversionFinding[] = [];
  const getDefinitionForProperty = internals.getDefinitionForProperty;
  internals.getDefinitionForProperty = function patched(this: GeneratorInternals, prop, node) {
    const result = getDefinitionForProperty.call(this, prop, node);
    if (result === null) return result;
    // Marked like the `@sensitive` tag (the generator copies that one from JSDoc itself).
    if (markedSensitive?.(prop) === true) (result as Record<string, unknown>)[SENSITIVE_KEYWORD] = true;
    if (settings.optionTitles) markOptionTitles(checker, prop, node, result, marks, findings);
    return result;
  };
  const getTypeDefinition = internals.getTypeDefinition;
  internals.getTypeDefinition = function patched(this: GeneratorInternals, type, ...rest) {
    if (type.flags & ts.TypeFlags.StringMapping) return { type: 'string' };
    const primitive = type.isIntersection() ? type.types.find((t) => t.flags & PRIMITIVE) : undefined;
    return getTypeDefinition.call(this, primitive ?? type, ...rest);
  };
  const typesByName = new Map<string, ts.Type>();
  const makeTypeNameUnique = internals.makeTypeNameUnique;
  internals.makeTypeNameUnique = function patched(this: GeneratorInternals, named, baseName) {
    const name = makeTypeNameUnique.call(this, named, baseName);
    typesByName.set(name, named);
    return name;
  };
  return { generator, typesByName, marks, findings };
}

/**
 * Reads a property's option titles (see elicit/option-titles.ts, `schema` reading) and marks its
 * definition with them. `@enumNames` asks for a shape only elicitation forms have: it is
 * reported, and the titles are written the standard way.
 */
function markOptionTitles(
  checker: ts.TypeChecker,
  prop: ts.Symbol,
  node: ts.Node,
  definition: Definition,
  marks: MarkedTitles[],
  findings: ConversionFinding[],
): void {
  const declaration = prop.valueDeclaration ?? prop.declarations?.[0];
  if (declaration === undefined) return;
  const enumNames = ts.getJSDocTags(declaration).find((tag) => tag.tagName.text === ENUM_NAMES_TAG);
  if (enumNames !== undefined) {
    findings.push({
      node: enumNames,
      property: prop.name,
      message: `@${ENUM_NAMES_TAG} is only for elicitation forms (the legacy enumNames list is no JSON Schema keyword) and is ignored here; give the options titles with @optionTitle <value> <title> (written as oneOf)`,
    });
  }
  const read = readPropertyTitles(prop.name, declaration, checker.getTypeOfSymbolAtLocation(prop, node), checker, 'schema');
  if (read === undefined) return;
  if ('reason' in read) {
    findings.push({ node: read.node, property: prop.name, message: `${read.reason}; the schema lists its options without titles` });
    return;
  }
  (definition as Record<string, unknown>)[OPTION_TITLES_MARK] = marks.length;
  marks.push({ titles: read.titles, property: prop.name, node: declaration });
}

/**
 * typescript-json-schema collects properties by assignment into a plain object (and dedupes
 * `required` through one), so a property named `__proto__` swaps that object's prototype and
 * vanishes. It is put back here as an own key, in declaration order, with its `required` entry.
 */
function restoreProtoProperty(
  checker: ts.TypeChecker,
  type: ts.Type,
  definition: Definition,
  convert: (prop: ts.Symbol, node: ts.Node) => Definition | null,
): void {
  if (definition.type !== undefined && definition.type !== 'object') return;
  const properties = checker.getPropertiesOfType(type);
  const proto = properties.find((p) => p.name === PROTO);
  if (!proto || (definition.properties && hasOwn(definition.properties, PROTO))) return;
  const declaration = proto.valueDeclaration ?? proto.declarations?.[0];
  if (!declaration || (proto.flags & ts.SymbolFlags.Method) !== 0) return;
  if (ts.getCombinedModifierFlags(declaration as ts.Declaration) & ts.ModifierFlags.Private) return;
  const propertyType = checker.getTypeOfSymbolAtLocation(proto, declaration);
  if (propertyType.flags & (ts.TypeFlags.Never | ts.TypeFlags.Undefined)) return;
  const converted = convert(proto, declaration);
  if (converted === null) return;
  const existing = definition.properties ?? {};
  const entries: [string, Definition | boolean][] = [];
  for (const property of properties) {
    if (property === proto) entries.push([PROTO, converted]);
    else if (hasOwn(existing, property.name)) entries.push([property.name, existing[property.name] as Definition | boolean]);
  }
  definition.type = 'object';
  definition.properties = fromEntries(entries);
  if ((proto.flags & ts.SymbolFlags.Optional) === 0) definition.required = [...(definition.required ?? []), PROTO].sort();
}

const PROTO = '__proto__';

const PRIMITIVE = ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike;

function dropNonJsonProperties(checker: ts.TypeChecker, type: ts.Type, definition: Definition): void {
  const properties = definition.properties;
  if (!properties) return;
  for (const property of checker.getPropertiesOfType(type)) {
    const name = property.name;
    const accessor = (property.flags & ts.SymbolFlags.Accessor) !== 0;
    if (!accessor && !name.startsWith('__@') && !name.startsWith('#')) continue;
    delete properties[name];
    if (definition.required) definition.required = definition.required.filter((n) => n !== name);
  }
  if (definition.required?.length === 0) delete definition.required;
}

function addIndexSignatures(checker: ts.TypeChecker, type: ts.Type, definition: Definition, convert: (t: ts.Type) => Definition): void {
  for (const info of checker.getIndexInfosOfType(type)) {
    if (info.keyType.flags & ts.TypeFlags.String) {
      if (info.type.flags & ts.TypeFlags.Never) definition.additionalProperties = false;
      else if (typeof definition.additionalProperties !== 'object') definition.additionalProperties = convert(info.type);
    } else if (info.keyType.flags & ts.TypeFlags.Number) {
      if (!definition.patternProperties) definition.patternProperties = { '^[0-9]+$': convert(info.type) };
    } else if (info.keyType.flags & ts.TypeFlags.TemplateLiteral) {
      definition.patternProperties ??= {};
      definition.patternProperties[templatePattern(info.keyType as ts.TemplateLiteralType)] = convert(info.type);
    }
  }
}

/** Properties a JSON value may leave out: initialized class properties, and types admitting undefined. */
function releaseOptionalProperties(checker: ts.TypeChecker, type: ts.Type, definition: Definition): void {
  if (!definition.required) return;
  const optional = new Set(
    checker
      .getPropertiesOfType(type)
      .filter((p) => isInitialized(p) || admitsUndefined(checker.getTypeOfSymbol(p)))
      .map((p) => p.name),
  );
  if (optional.size === 0) return;
  const required = definition.required.filter((name) => !optional.has(name));
  if (required.length > 0) definition.required = required;
  else delete definition.required;
}

function isInitialized(property: ts.Symbol): boolean {
  const declaration = property.valueDeclaration;
  return declaration !== undefined && ts.isPropertyDeclaration(declaration) && declaration.initializer !== undefined;
}

function admitsUndefined(type: ts.Type): boolean {
  const members = type.isUnion() ? type.types : [type];
  return members.some((t) => (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0);
}

function templatePattern(type: ts.TemplateLiteralType): string {
  const escape = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  let pattern = `^${escape(type.texts[0] ?? '')}`;
  type.types.forEach((part, i) => {
    pattern += part.flags & ts.TypeFlags.Number ? '-?[0-9]+(\\.[0-9]+)?' : '.*';
    pattern += escape(type.texts[i + 1] ?? '');
  });
  return `${pattern}$`;
}
