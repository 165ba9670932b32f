import * as ts from 'typescript';
import { getOwn } from '../convert/own-keys';
import type { NormalizedSchema } from '../convert/schema-normalizer';
import type { JsonSchema, JsonValue } from '../manifest/manifest.types';
import { readLiteral } from './literal-value';
import type { ScanContext } from './scan-context';

const CLASS_VALIDATOR = 'class-validator';
const CLASS_TRANSFORMER = 'class-transformer';

/**
 * class-validator decorators the schema says as they are: the keyword(s) each one emits, the
 * JSON type the keyword applies to, and how many leading arguments are the decorator's own
 * (the next one may be class-validator's `ValidationOptions`).
 */
export const DTO_CONSTRAINT_DECORATORS = {
  IsEmail: 'format: "email"',
  IsUrl: 'format: "uri" (with { require_protocol: true })',
  IsUUID: 'format: "uuid"',
  IsISO8601: 'nothing (a note: no format says ISO 8601 as class-validator reads it)',
  IsDateString: 'nothing (a note: no format says ISO 8601 as class-validator reads it)',
  Length: 'minLength, maxLength',
  MinLength: 'minLength',
  MaxLength: 'maxLength',
  Min: 'minimum',
  Max: 'maximum',
  IsInt: 'type: "integer"',
  IsPositive: 'exclusiveMinimum: 0',
  Matches: 'pattern',
  IsIn: 'enum',
  IsEnum: 'enum',
  ArrayMinSize: 'minItems',
  ArrayMaxSize: 'maxItems',
  ArrayUnique: 'uniqueItems: true',
  IsOptional: 'not in required',
  IsDefined: 'in required',
  ValidateNested: "the nested class's own constraints (with @Type(() => X))",
} as const;

/** Type checks the generated schema already makes from the property's TypeScript type. */
const SAID_BY_TYPE = new Set(['IsString', 'IsNumber', 'IsBoolean', 'IsArray', 'IsObject', 'Allow']);

type Decorated = { readonly name: string; readonly node: ts.Decorator; readonly args: readonly ts.Expression[] };
type JsonType = 'string' | 'number' | 'array';

interface Walk {
  readonly context: ScanContext;
  readonly defs: Record<string, JsonSchema>;
  /** `$defs` keys whose class constraints were applied, so recursion ends. */
  readonly visited: Set<string>;
}

/**
 * Reads the class-validator decorators of a DTO class (and of the classes it validates as
 * nested, `@ValidateNested()` with `@Type(() => X)`) from the AST and adds the matching JSON
 * Schema keywords to its converted schema, in place. A decorator is recognized when its name
 * resolves to class-validator's export (`@Type` to class-transformer's); only literal arguments
 * are read. Anything the schema cannot say is reported as a note; class-validator still checks
 * everything at call time.
 */
export function applyDtoConstraints(dto: ts.Type, converted: NormalizedSchema, context: ScanContext): void {
  const walk: Walk = { context, defs: converted.defs as Record<string, JsonSchema>, visited: new Set() };
  applyClass(dto, converted.schema, walk);
}

function applyClass(type: ts.Type, schema: JsonSchema, walk: Walk): void {
  const target = resolveRef(schema, walk);
  if (target === undefined) return;
  const properties = target.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return;
  const className = type.getSymbol()?.name;
  for (const symbol of walk.context.checker.getPropertiesOfType(type)) {
    const declaration = symbol.valueDeclaration;
    if (!declaration || !ts.isPropertyDeclaration(declaration)) continue;
    const decorators = readDecorators(declaration, walk.context);
    if (decorators.length === 0) continue;
    const property = getOwn(properties as Record<string, JsonSchema>, symbol.name);
    if (property === undefined || typeof property !== 'object') continue;
    const subject = { className, property: symbol.name };
    applyProperty(symbol, declaration, decorators, property, target, subject, walk);
  }
}

/** The schema itself, or the `$defs` entry its `$ref` names (once per walk: recursion ends). */
function resolveRef(schema: JsonSchema, walk: Walk): JsonSchema | undefined {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (!ref.startsWith('#/$defs/')) return undefined;
  const key = ref.slice('#/$defs/'.length);
  if (walk.visited.has(key)) return undefined;
  walk.visited.add(key);
  return getOwn(walk.defs, key);
}

function applyProperty(
  symbol: ts.Symbol,
  declaration: ts.PropertyDeclaration,
  decorators: readonly Decorated[],
  property: JsonSchema,
  owner: JsonSchema,
  subject: { className?: string; property: string },
  walk: Walk,
): void {
  const { context } = walk;
  const conditional = decorators.find((d) => d.name === 'ValidateIf');
  if (conditional) {
    context.note(
      conditional.node,
      'ARM_NOTE_DTO_CONSTRAINT',
      subject,
      '@ValidateIf makes every constraint of the property conditional, which the schema cannot say; none of them is in the schema (class-validator checks them at call time).',
    );
    return;
  }
  const typeTarget = decorators.find((d) => d.name === 'Type');
  for (const decorator of decorators) {
    if (decorator.name === 'Type' || decorator.name === 'ValidateIf') continue;
    const note = (code: 'ARM_NOTE_DTO_CONSTRAINT' | 'ARM_NOTE_DTO_ARGUMENT', message: string): void =>
      context.note(decorator.node, code, subject, message);
    if (SAID_BY_TYPE.has(decorator.name)) continue;
    if (!(decorator.name in DTO_CONSTRAINT_DECORATORS)) {
      note(
        'ARM_NOTE_DTO_CONSTRAINT',
        `@${decorator.name} has no JSON Schema equivalent; it is not in the schema (class-validator checks it at call time).`,
      );
      continue;
    }
    const name = decorator.name as keyof typeof DTO_CONSTRAINT_DECORATORS;
    const arity = OWN_ARGUMENTS[name];
    const options = readValidationOptions(decorator, arity, note);
    if (options === undefined) continue;
    const nodes = options.each ? itemsOf(property) : [property];
    if (options.each && nodes.length === 0) {
      note('ARM_NOTE_DTO_CONSTRAINT', `@${name}({ each: true }) is on a property that is not an array; it is not in the schema.`);
      continue;
    }
    const args = decorator.args.slice(0, arity);
    const literal = (index: number): { ok: true; value: JsonValue | undefined } | { ok: false } => {
      const node = args[index];
      if (node === undefined || node.kind === ts.SyntaxKind.UndefinedKeyword || (ts.isIdentifier(node) && node.text === 'undefined'))
        return { ok: true, value: undefined };
      const read = readLiteral(node, context.checker);
      return read.ok ? read : { ok: false };
    };
    const notLiteral = (index: number): void =>
      note(
        'ARM_NOTE_DTO_ARGUMENT',
        `@${name}: argument ${index + 1} (${args[index]?.getText() ?? ''}) is not a literal; ${DTO_CONSTRAINT_DECORATORS[name]} is left out of the schema (class-validator checks it at call time).`,
      );
    const put = (jsonType: JsonType | 'any', keyword: string, value: JsonValue): void => {
      const targets = nodes.flatMap((node) => (jsonType === 'any' ? [node] : typed(node, jsonType)));
      if (targets.length === 0) {
        note(
          'ARM_NOTE_DTO_CONSTRAINT',
          `@${name} applies to ${jsonType === 'number' ? 'numbers' : `${jsonType}s`}, but the property's schema has none; it is not in the schema.`,
        );
        return;
      }
      for (const target of targets) setKeyword(target, keyword, value);
    };
    switch (name) {
      case 'IsEmail': {
        const first = literal(0);
        if (!first.ok) notLiteral(0);
        else if (!isEmptyOptions(first.value))
          note(
            'ARM_NOTE_DTO_CONSTRAINT',
            `@IsEmail's options ${args[0]?.getText() ?? ''} change what it accepts, which format cannot say; it is not in the schema.`,
          );
        else put('string', 'format', 'email');
        break;
      }
      case 'IsUrl': {
        // Plain @IsUrl() accepts a bare host (example.com), which format "uri" refuses: a schema
        // stricter than the DTO would refuse values the author accepts. Only with a scheme required
        // (and nothing that widens it) does "uri" hold.
        const first = literal(0);
        if (!first.ok) notLiteral(0);
        else if (isEmptyOptions(first.value))
          note(
            'ARM_NOTE_DTO_CONSTRAINT',
            '@IsUrl() accepts a URL without a scheme (example.com), which format "uri" refuses; it is not in the schema (write @IsUrl({ require_protocol: true }) to have format "uri").',
          );
        else if (!requiresScheme(first.value))
          note(
            'ARM_NOTE_DTO_CONSTRAINT',
            `@IsUrl's options ${args[0]?.getText() ?? ''} change what it accepts, which format "uri" cannot say; it is not in the schema.`,
          );
        else put('string', 'format', 'uri');
        break;
      }
      case 'IsISO8601':
      case 'IsDateString': {
        // ISO 8601 as class-validator reads it includes dates alone, times without an offset, week
        // and ordinal dates; format "date-time" refuses all of them, and no format says the set.
        note(
          'ARM_NOTE_DTO_CONSTRAINT',
          `@${name} accepts ISO 8601 forms that format "date-time" refuses (2026-01-02, 2026-01-02T03:04 without offset); it is not in the schema (for date-times with offset only, add the JSDoc tag @format date-time to the property).`,
        );
        break;
      }
      case 'IsUUID': {
        const version = literal(0);
        if (!version.ok) notLiteral(0);
        else if (version.value !== undefined && version.value !== 'all')
          note(
            'ARM_NOTE_DTO_CONSTRAINT',
            `@IsUUID(${JSON.stringify(version.value)}) asks for one UUID version, which format "uuid" cannot say; it is not in the schema.`,
          );
        else put('string', 'format', 'uuid');
        break;
      }
      case 'Length':
      case 'MinLength':
      case 'MaxLength':
      case 'ArrayMinSize':
      case 'ArrayMaxSize': {
        const keywords = LENGTH_KEYWORDS[name];
        keywords.forEach((keyword, index) => {
          if (keyword === undefined) return;
          const value = literal(index);
          if (!value.ok) return notLiteral(index);
          if (value.value === undefined && name === 'Length' && index === 1) return;
          if (!isCount(value.value))
            return note(
              'ARM_NOTE_DTO_CONSTRAINT',
              `@${name}: ${JSON.stringify(value.value)} is not a whole number ≥ 0; ${keyword} is left out of the schema.`,
            );
          put(name.startsWith('Array') ? 'array' : 'string', keyword, value.value);
        });
        break;
      }
      case 'Min':
      case 'Max': {
        const value = literal(0);
        if (!value.ok) notLiteral(0);
        else if (typeof value.value !== 'number' || !Number.isFinite(value.value))
          note('ARM_NOTE_DTO_CONSTRAINT', `@${name}: ${JSON.stringify(value.value)} is not a finite number; it is not in the schema.`);
        else put('number', name === 'Min' ? 'minimum' : 'maximum', value.value);
        break;
      }
      case 'IsPositive':
        put('number', 'exclusiveMinimum', 0);
        break;
      case 'IsInt': {
        const targets = nodes.flatMap((node) => typed(node, 'number'));
        if (targets.length === 0)
          note('ARM_NOTE_DTO_CONSTRAINT', "@IsInt applies to numbers, but the property's schema has none; it is not in the schema.");
        for (const target of targets)
          target.type = Array.isArray(target.type) ? target.type.map((t) => (t === 'number' ? 'integer' : t)) : 'integer';
        break;
      }
      case 'Matches':
        applyMatches(decorator, args, nodes, note, put);
        break;
      case 'IsIn': {
        const values = literal(0);
        if (!values.ok) notLiteral(0);
        else if (!Array.isArray(values.value) || values.value.some((v) => typeof v === 'object' && v !== null))
          note(
            'ARM_NOTE_DTO_CONSTRAINT',
            '@IsIn compares with ===, which enum says only for strings, numbers, booleans and null; it is not in the schema.',
          );
        else put('any', 'enum', values.value);
        break;
      }
      case 'IsEnum': {
        const values = args[0] === undefined ? undefined : enumValues(args[0], context);
        if (values === undefined) notLiteral(0);
        else put('any', 'enum', values);
        break;
      }
      case 'ArrayUnique': {
        const selector = decorator.args[0];
        if (selector !== undefined && (ts.isArrowFunction(selector) || ts.isFunctionExpression(selector) || ts.isIdentifier(selector))) {
          note(
            'ARM_NOTE_DTO_CONSTRAINT',
            '@ArrayUnique with a selector compares selected values, which uniqueItems cannot say; it is not in the schema.',
          );
        } else {
          put('array', 'uniqueItems', true);
        }
        break;
      }
      case 'IsOptional':
        setRequired(owner, subject.property, false);
        break;
      case 'IsDefined':
        setRequired(owner, subject.property, true);
        break;
      case 'ValidateNested': {
        const nested = nestedClass(typeTarget, context);
        if (nested === undefined) {
          note(
            'ARM_NOTE_DTO_CONSTRAINT',
            typeTarget
              ? '@ValidateNested with a @Type whose class the scanner cannot read (write @Type(() => X)); the nested constraints are not in the schema.'
              : '@ValidateNested without @Type(() => X) from class-transformer: the value stays a plain object, so class-validator checks no nested constraints, and the schema has none.',
          );
          break;
        }
        for (const node of objectNodes(property)) applyClass(nested, node, walk);
        break;
      }
    }
  }
}

/** How many leading arguments are the decorator's own; the one after them may be `ValidationOptions`. */
const OWN_ARGUMENTS: Readonly<Record<keyof typeof DTO_CONSTRAINT_DECORATORS, number>> = {
  IsEmail: 1,
  IsUrl: 1,
  IsUUID: 1,
  IsISO8601: 1,
  IsDateString: 1,
  Length: 2,
  MinLength: 1,
  MaxLength: 1,
  Min: 1,
  Max: 1,
  IsInt: 0,
  IsPositive: 0,
  Matches: 2,
  IsIn: 1,
  IsEnum: 1,
  ArrayMinSize: 1,
  ArrayMaxSize: 1,
  ArrayUnique: 0,
  IsOptional: 0,
  IsDefined: 0,
  ValidateNested: 0,
};

/**
 * @IsUrl options under which format "uri" is no stricter than isURL: a scheme required, the rest
 * only narrowing what isURL accepts (a schema looser than the DTO is fine: class-validator still checks).
 */
const NARROWING_URL_OPTIONS = new Set([
  'require_protocol',
  'require_valid_protocol',
  'protocols',
  'require_tld',
  'require_host',
  'require_port',
  'allow_fragments',
  'allow_query_components',
  'disallow_auth',
  'validate_length',
  'host_whitelist',
  'host_blacklist',
]);

function requiresScheme(value: JsonValue | undefined): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (value.require_protocol !== true || value.require_valid_protocol === false || value.require_host === false) return false;
  return Object.keys(value).every((key) => NARROWING_URL_OPTIONS.has(key));
}

const LENGTH_KEYWORDS: Readonly<
  Record<'Length' | 'MinLength' | 'MaxLength' | 'ArrayMinSize' | 'ArrayMaxSize', readonly (string | undefined)[]>
> = {
  Length: ['minLength', 'maxLength'],
  MinLength: ['minLength'],
  MaxLength: ['maxLength'],
  ArrayMinSize: ['minItems'],
  ArrayMaxSize: ['maxItems'],
};

/** ValidationOptions keys that do not change what is valid. */
const HARMLESS_OPTIONS = new Set(['message', 'always', 'context', 'each']);

/**
 * The decorator's `ValidationOptions` (the argument after its own ones): `{ each }` when it can
 * be placed, undefined (after a note) when the options make the constraint conditional
 * (`groups`) or cannot be read.
 */
function readValidationOptions(
  decorator: Decorated,
  arity: number,
  note: (code: 'ARM_NOTE_DTO_CONSTRAINT' | 'ARM_NOTE_DTO_ARGUMENT', message: string) => void,
): { each: boolean } | undefined {
  // @Matches(regex, options) and @Matches(string, flags?, options): the options are the object after the pattern.
  // @ArrayUnique(selector?, options?): a selector is a function, never an object literal.
  const candidates = decorator.name === 'Matches' ? decorator.args.slice(1) : decorator.args.slice(arity);
  const node = candidates.find(
    (arg) => ts.isObjectLiteralExpression(arg) || (ts.isIdentifier(arg) && decorator.name !== 'ArrayUnique') || ts.isCallExpression(arg),
  );
  if (node === undefined) return { each: false };
  if (!ts.isObjectLiteralExpression(node)) {
    if (ts.isIdentifier(node) && node.text === 'undefined') return { each: false };
    note(
      'ARM_NOTE_DTO_ARGUMENT',
      `@${decorator.name}: the validation options ${node.getText()} are not an object literal; the constraint is left out of the schema.`,
    );
    return undefined;
  }
  let each = false;
  for (const member of node.properties) {
    const key = member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;
    if (key === undefined || !ts.isPropertyAssignment(member)) {
      note(
        'ARM_NOTE_DTO_ARGUMENT',
        `@${decorator.name}: the validation options are not a plain object literal; the constraint is left out of the schema.`,
      );
      return undefined;
    }
    if (key === 'each') {
      if (member.initializer.kind === ts.SyntaxKind.TrueKeyword) each = true;
      else if (member.initializer.kind !== ts.SyntaxKind.FalseKeyword) {
        note('ARM_NOTE_DTO_ARGUMENT', `@${decorator.name}: each is not true or false; the constraint is left out of the schema.`);
        return undefined;
      }
    } else if (!HARMLESS_OPTIONS.has(key)) {
      note(
        'ARM_NOTE_DTO_CONSTRAINT',
        `@${decorator.name} with ${key} holds only sometimes, which the schema cannot say; it is not in the schema.`,
      );
      return undefined;
    }
  }
  return { each };
}

function applyMatches(
  decorator: Decorated,
  args: readonly ts.Expression[],
  nodes: readonly JsonSchema[],
  note: (code: 'ARM_NOTE_DTO_CONSTRAINT' | 'ARM_NOTE_DTO_ARGUMENT', message: string) => void,
  put: (jsonType: JsonType, keyword: string, value: JsonValue) => void,
): void {
  const first = args[0];
  let source: string;
  let flags: string;
  if (first !== undefined && ts.isRegularExpressionLiteral(first)) {
    const text = first.text;
    const end = text.lastIndexOf('/');
    source = text.slice(1, end);
    flags = text.slice(end + 1);
  } else if (first !== undefined && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
    source = first.text;
    const second = args[1];
    if (
      second !== undefined &&
      !ts.isObjectLiteralExpression(second) &&
      !ts.isStringLiteral(second) &&
      !ts.isNoSubstitutionTemplateLiteral(second)
    ) {
      note('ARM_NOTE_DTO_ARGUMENT', `@Matches: the flags ${second.getText()} are not a literal; pattern is left out of the schema.`);
      return;
    }
    flags = second !== undefined && (ts.isStringLiteral(second) || ts.isNoSubstitutionTemplateLiteral(second)) ? second.text : '';
  } else {
    note(
      'ARM_NOTE_DTO_ARGUMENT',
      `@Matches: ${first?.getText() ?? 'the pattern'} is not a regular expression literal or a string literal; pattern is left out of the schema.`,
    );
    return;
  }
  // JSON Schema patterns are ECMAScript regexes matched anywhere, with ajv's `u` flag: a `u`
  // flag says nothing more; `g` and `y` make RegExp.test stateful; `i`, `m`, `s`, `d`, `v` change the match.
  const unsaid = [...flags].filter((flag) => flag !== 'u');
  if (unsaid.length > 0) {
    note(
      'ARM_NOTE_DTO_CONSTRAINT',
      `@Matches(/${source}/${flags}): the flag${unsaid.length > 1 ? 's' : ''} ${unsaid.join('')} cannot be said by a JSON Schema pattern; it is not in the schema.`,
    );
    return;
  }
  try {
    new RegExp(source, 'u');
  } catch {
    note(
      'ARM_NOTE_DTO_CONSTRAINT',
      `@Matches(/${source}/): the expression is not valid with the u flag JSON Schema patterns use; it is not in the schema.`,
    );
    return;
  }
  if (nodes.length > 0) put('string', 'pattern', source);
}

/** The class-validator and class-transformer decorators of a property, by their exported names. */
function readDecorators(declaration: ts.PropertyDeclaration, context: ScanContext): Decorated[] {
  const out: Decorated[] = [];
  for (const decorator of ts.getDecorators(declaration) ?? []) {
    const expression = decorator.expression;
    const call = ts.isCallExpression(expression) ? expression : undefined;
    const callee = call ? call.expression : expression;
    const identifier = ts.isIdentifier(callee)
      ? callee
      : ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name)
        ? callee.name
        : undefined;
    if (!identifier) continue;
    const found = context.origin.fromPackages(identifier, [CLASS_VALIDATOR, CLASS_TRANSFORMER]);
    if (found.from !== true) continue;
    const symbol = context.checker.getSymbolAtLocation(identifier);
    const target = symbol && symbol.flags & ts.SymbolFlags.Alias ? context.checker.getAliasedSymbol(symbol) : symbol;
    const fromTransformer = (target?.declarations ?? []).some((d) =>
      d.getSourceFile().fileName.replace(/\\/g, '/').includes(`/${CLASS_TRANSFORMER}/`),
    );
    if (fromTransformer && found.name !== 'Type') continue;
    out.push({ name: found.name, node: decorator, args: call ? [...call.arguments] : [] });
  }
  return out;
}

/** Schemas of `node` (itself, `anyOf` members, `type` lists) that hold values of `jsonType`. */
function typed(node: JsonSchema, jsonType: JsonType): JsonSchema[] {
  if (Array.isArray(node.anyOf)) return node.anyOf.flatMap((member) => (isSchema(member) ? typed(member, jsonType) : []));
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const fits = jsonType === 'number' ? types.includes('number') || types.includes('integer') : types.includes(jsonType);
  return fits ? [node] : [];
}

/** The `items` schemas of the array schemas in `node`. */
function itemsOf(node: JsonSchema): JsonSchema[] {
  return typed(node, 'array').flatMap((array) => (isSchema(array.items) ? [array.items] : []));
}

/** The object schemas a nested class applies to: the property, its array items, `anyOf` members, `$ref`s. */
function objectNodes(node: JsonSchema): JsonSchema[] {
  if (Array.isArray(node.anyOf)) return node.anyOf.flatMap((member) => (isSchema(member) ? objectNodes(member) : []));
  if (typeof node.$ref === 'string') return [node];
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('array')) return isSchema(node.items) ? objectNodes(node.items) : [];
  return types.includes('object') ? [node] : [];
}

function isSchema(value: JsonValue | undefined): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sets a keyword; an `enum` already there keeps only the values both lists allow, and so do
 * titled options (`oneOf` / `anyOf` of `{ const, title }`), which stand for an enum.
 */
function setKeyword(target: JsonSchema, keyword: string, value: JsonValue): void {
  const existing = target[keyword];
  if (keyword === 'enum' && Array.isArray(value)) {
    const allowed = new Set(value.map((v) => JSON.stringify(v)));
    if (Array.isArray(existing)) {
      target.enum = existing.filter((v) => allowed.has(JSON.stringify(v)));
      return;
    }
    const list = titledOptionsKey(target);
    if (list !== undefined) {
      target[list] = (target[list] as JsonSchema[]).filter((option) => allowed.has(JSON.stringify(option.const)));
      return;
    }
  }
  target[keyword] = value;
}

/** `oneOf` or `anyOf` when the node's choices are titled options (every branch a `{ const, title? }`). */
function titledOptionsKey(target: JsonSchema): 'oneOf' | 'anyOf' | undefined {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = target[key];
    if (
      Array.isArray(list) &&
      list.length > 0 &&
      list.every((o) => isSchema(o) && Object.hasOwn(o, 'const') && Object.keys(o).every((k) => k === 'const' || k === 'title'))
    )
      return key;
  }
  return undefined;
}

function setRequired(owner: JsonSchema, name: string, required: boolean): void {
  const list: string[] = Array.isArray(owner.required) ? (owner.required as string[]).filter((n) => n !== name) : [];
  if (required) list.push(name);
  if (list.length > 0) owner.required = list.sort();
  else delete owner.required;
}

function isEmptyOptions(value: JsonValue | undefined): boolean {
  return value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);
}

function isCount(value: JsonValue | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The member values of an enum (or of a constant object literal) named by `node`. */
function enumValues(node: ts.Expression, context: ScanContext): JsonValue[] | undefined {
  const { checker } = context;
  let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(node) ? node.name : node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.declarations?.find(ts.isEnumDeclaration);
  if (declaration) {
    const values: JsonValue[] = [];
    for (const member of declaration.members) {
      const value = checker.getConstantValue(member);
      if (value === undefined) return undefined;
      values.push(value);
    }
    return values;
  }
  const literal = readLiteral(node, checker);
  if (literal.ok && typeof literal.value === 'object' && literal.value !== null && !Array.isArray(literal.value)) {
    // class-validator reads Object.keys(entity).map((k) => entity[k]).
    return Object.values(literal.value);
  }
  return undefined;
}

/**
 * The class `@ValidateNested` checks: `@Type(() => X)`'s X. Without `@Type`, class-transformer
 * leaves the value a plain object and class-validator finds no constraints on it.
 */
function nestedClass(typeDecorator: Decorated | undefined, context: ScanContext): ts.Type | undefined {
  const { checker } = context;
  const factory = typeDecorator?.args[0];
  if (!factory || !(ts.isArrowFunction(factory) || ts.isFunctionExpression(factory))) return undefined;
  let body: ts.Expression | undefined = ts.isArrowFunction(factory) && !ts.isBlock(factory.body) ? factory.body : undefined;
  if (!body && factory.body && ts.isBlock(factory.body)) {
    const only = factory.body.statements.length === 1 ? factory.body.statements[0] : undefined;
    body = only && ts.isReturnStatement(only) ? only.expression : undefined;
  }
  if (!body) return undefined;
  let target = checker.getSymbolAtLocation(body);
  if (target && target.flags & ts.SymbolFlags.Alias) target = checker.getAliasedSymbol(target);
  return target && target.flags & ts.SymbolFlags.Class ? checker.getDeclaredTypeOfSymbol(target) : undefined;
}
