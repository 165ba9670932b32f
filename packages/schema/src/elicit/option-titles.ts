import * as ts from 'typescript';

/** The property tag giving one option of a string-literal union its title: `@optionTitle value Title`. */
export const OPTION_TITLE_TAG = 'optionTitle';
/** The property tag asking for the legacy `enum` + `enumNames` shape instead of `oneOf` (single select only). */
export const ENUM_NAMES_TAG = 'enumNames';

/** The option titles a form property's declaration gives, and how to write them. */
export interface OptionTitles {
  /** Title by option value; every option of the property has one. */
  readonly titles: ReadonlyMap<string, string>;
  /** Written as the deprecated `enumNames` list (`@enumNames`). */
  readonly legacy: boolean;
  /** Where the property is declared (problems about its titles are reported there). */
  readonly node: ts.Node;
}

/** The titles of a form type's properties, or a problem (a phrase, and the node it is about). */
export type OptionTitlesResult =
  | { readonly ok: true; readonly byProperty: ReadonlyMap<string, OptionTitles> }
  | { readonly ok: false; readonly node: ts.Node; readonly reason: string };

/**
 * Reads the titles of the options of a form type's enum properties, in the two spellings:
 * - a TypeScript string enum whose members have JSDoc: the member's `@title`, else its
 *   comment text, is the option's title (`/** First Option *\/ Value1 = 'value1'`);
 * - a string-literal union property with `@optionTitle <value> <title>` tags.
 * Both work for a single select and for an array of one (multi select). An option left
 * without a title when others have one, or a title for a value that is no option, is a
 * problem: a client shows every option's title or none.
 */
export function readOptionTitles(form: ts.Type, checker: ts.TypeChecker): OptionTitlesResult {
  const byProperty = new Map<string, OptionTitles>();
  for (const property of checker.getPropertiesOfType(form)) {
    const node = property.valueDeclaration ?? property.declarations?.[0];
    if (node === undefined) continue;
    const read = readPropertyTitles(property.name, node, checker.getTypeOfSymbolAtLocation(property, node), checker, 'form');
    if (read === undefined) continue;
    if ('reason' in read) return { ok: false, node: read.node, reason: read.reason };
    byProperty.set(property.name, read);
  }
  return { ok: true, byProperty };
}

/** One property's titles, a problem with them, or undefined when it has none. */
export type PropertyTitlesRead = OptionTitles | { readonly node: ts.Node; readonly reason: string } | undefined;

/**
 * Where titles are read: an elicitation `form` takes an enum member's JSDoc text as its title;
 * a tool or output `schema` takes only an explicit `@title` on the member, so an enum whose
 * members merely carry comments keeps the plain `enum` it always had (see docs/schemas.md).
 */
export type TitlesReading = 'form' | 'schema';

/** The option titles one property declaration gives (see {@link readOptionTitles}). */
export function readPropertyTitles(
  name: string,
  node: ts.Node,
  declared: ts.Type,
  checker: ts.TypeChecker,
  reading: TitlesReading,
): PropertyTitlesRead {
  const type = checker.getNonNullableType(declared);
  const multi = checker.isArrayType(type);
  const element = multi ? checker.getNonNullableType(checker.getTypeArguments(type as ts.TypeReference)[0] ?? type) : type;
  const options = (element.isUnion() ? element.types : [element]).filter((t): t is ts.StringLiteralType => t.isStringLiteral());
  const tags = ts.getJSDocTags(node);
  // Only a form has the legacy shape; a schema's caller reports the tag instead.
  const legacy = reading === 'form' && tags.some((tag) => tag.tagName.text === ENUM_NAMES_TAG);
  const titles = new Map<string, string>();
  for (const option of options) {
    const title = memberTitle(option, reading);
    if (title !== undefined) titles.set(option.value, title);
  }
  const values = new Set(options.map((o) => o.value));
  for (const tag of tags) {
    if (tag.tagName.text !== OPTION_TITLE_TAG) continue;
    const match = /^(\S+)\s+([\s\S]+)$/.exec((ts.getTextOfJSDocComment(tag.comment) ?? '').trim());
    if (match === null) return { node: tag, reason: `property "${name}": write @${OPTION_TITLE_TAG} <value> <title>` };
    const [, value = '', title = ''] = match;
    if (values.size === 0) {
      return {
        node: tag,
        reason: `property "${name}" is not a string enum or string-literal union (or an array of one), so @${OPTION_TITLE_TAG} has no effect on it`,
      };
    }
    if (!values.has(value)) {
      const known = [...values].map((v) => JSON.stringify(v)).join(', ') || 'none';
      return {
        node: tag,
        reason: `property "${name}": @${OPTION_TITLE_TAG} names ${JSON.stringify(value.slice(0, 64))}, which is not one of its options (${known})`,
      };
    }
    titles.set(value, title.trim());
  }
  if (titles.size === 0) {
    return legacy
      ? {
          node,
          reason: `property "${name}" has @${ENUM_NAMES_TAG} but its options have no titles; give each one (enum member JSDoc or @${OPTION_TITLE_TAG})`,
        }
      : undefined;
  }
  const untitled = [...values].filter((v) => !titles.has(v));
  if (untitled.length > 0) {
    return {
      node,
      reason: `property "${name}" gives some options a title but not ${untitled.map((v) => JSON.stringify(v)).join(', ')}; give every option a title or none`,
    };
  }
  if (legacy && multi)
    return {
      node,
      reason: `property "${name}": @${ENUM_NAMES_TAG} is for a single select; a multi select writes its titles as items.anyOf`,
    };
  return { titles, legacy, node };
}

/** The title of an enum member option: its `@title` tag, else (in a form) its JSDoc text. */
export function memberTitle(option: ts.StringLiteralType, reading: TitlesReading): string | undefined {
  if ((option.flags & ts.TypeFlags.EnumLiteral) === 0) return undefined;
  const member = option.getSymbol()?.valueDeclaration;
  if (member === undefined || !ts.isEnumMember(member)) return undefined;
  const tag = ts.getJSDocTags(member).find((t) => t.tagName.text === 'title');
  const fromTag = tag === undefined ? undefined : ts.getTextOfJSDocComment(tag.comment)?.trim();
  if (fromTag) return fromTag;
  if (reading === 'schema') return undefined;
  const docs = ts.getJSDocCommentsAndTags(member).filter(ts.isJSDoc);
  const text = ts.getTextOfJSDocComment(docs[docs.length - 1]?.comment)?.trim();
  return text ? text : undefined;
}

/**
 * The titles the `@title` tags of enum members give a type that is no property's (a positional
 * parameter, a return type): `label` names it in a problem. Undefined when no member has one.
 */
export function readTypeTitles(label: string, type: ts.Type, checker: ts.TypeChecker): PropertyTitlesRead {
  const plain = checker.getNonNullableType(type);
  const element = checker.isArrayType(plain) ? checker.getTypeArguments(plain as ts.TypeReference)[0] : plain;
  const options = element === undefined ? [] : element.isUnion() ? element.types : [element];
  const member = options.map((option) => option.getSymbol()?.valueDeclaration).find((d) => d !== undefined && ts.isEnumMember(d));
  return member === undefined ? undefined : readPropertyTitles(label, member, type, checker, 'schema');
}
