import * as ts from 'typescript';
import { SENSITIVE_KEYWORD } from '../convert/sensitive-paths';

/** A keyword tag written on a method, e.g. `@minimum age 0`: keyword, target, value. */
export interface KeywordTag {
  readonly keyword: string;
  /** The parameter (or DTO property) the tag names first. */
  readonly target: string | undefined;
  /** Everything after the target, trimmed. */
  readonly value: string;
  readonly node: ts.JSDocTag;
}

/** What a method's JSDoc says. */
export interface MethodDocs {
  /** The comment text before the first tag, trimmed; undefined when empty. */
  readonly description: string | undefined;
  /** `@param name text`, by parameter name. */
  readonly params: ReadonlyMap<string, string>;
  readonly keywordTags: readonly KeywordTag[];
  /** `@schemaDefs` on the method or its class: keep named object types under `$defs`. */
  readonly schemaDefs: boolean;
  /** `@sensitive <parameter>` tags: parameters an audit record must not show. */
  readonly sensitive: readonly SensitiveTag[];
}

/** A `@sensitive <parameter>` tag on a method. */
export interface SensitiveTag {
  readonly target: string | undefined;
  readonly node: ts.JSDocTag;
}

/** The tag (on a method, or on its class for all its methods) that keeps named object types under `$defs`. */
export const SCHEMA_DEFS_TAG = 'schemaDefs';

/** The JSON Schema keywords a method's JSDoc may set on a parameter (`@integer` turns `number` into `integer`). */
export const KEYWORD_TAGS: ReadonlySet<string> = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'default',
  'examples',
  'integer',
]);

/** Reads the description, `@param` texts and keyword tags of a method. */
export function readMethodDocs(method: ts.MethodDeclaration): MethodDocs {
  const params = new Map<string, string>();
  const keywordTags: KeywordTag[] = [];
  const sensitive: SensitiveTag[] = [];
  for (const tag of ts.getJSDocTags(method)) {
    if (ts.isJSDocParameterTag(tag)) {
      const text = cleanParamText(ts.getTextOfJSDocComment(tag.comment));
      const name = ts.isIdentifier(tag.name) ? tag.name.text : tag.name.right.text;
      if (text) params.set(name, text);
      continue;
    }
    const keyword = tag.tagName.text;
    if (keyword === SENSITIVE_KEYWORD) {
      sensitive.push({ target: /^\S+/.exec(ts.getTextOfJSDocComment(tag.comment)?.trim() ?? '')?.[0], node: tag });
      continue;
    }
    if (!KEYWORD_TAGS.has(keyword)) continue;
    const text = (ts.getTextOfJSDocComment(tag.comment) ?? '').trim();
    const match = /^(\S+)\s*([\s\S]*)$/.exec(text);
    keywordTags.push({ keyword, target: match?.[1], value: (match?.[2] ?? '').trim(), node: tag });
  }
  const schemaDefs = [method, method.parent].some((node) => ts.getJSDocTags(node).some((tag) => tag.tagName.text === SCHEMA_DEFS_TAG));
  return { description: readDescription(method), params, keywordTags, schemaDefs, sensitive };
}

function readDescription(node: ts.Node): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const last = docs[docs.length - 1];
  const text = last ? ts.getTextOfJSDocComment(last.comment)?.trim() : undefined;
  return text ? text : undefined;
}

/** Drops the conventional `- ` separator of `@param name - text`. */
function cleanParamText(text: string | undefined): string | undefined {
  const trimmed = text?.replace(/^\s*-\s+/, '').trim();
  return trimmed ? trimmed : undefined;
}
