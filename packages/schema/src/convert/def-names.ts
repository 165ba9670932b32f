import * as ts from 'typescript';

/** The JSDoc tag on an interface, class or type alias that names its `$defs` key. */
export const DEF_NAME_TAG = 'defName';

/** What `$defs` keys may be made of, so `#/$defs/<key>` needs no escaping. */
export const DEF_KEY_PATTERN = /^[A-Za-z0-9_]+$/;

/** A `@defName` tag found on a type's declaration. */
export interface DefNameTag {
  readonly key: string;
  /** The declared type's name, for messages. */
  readonly typeName: string;
}

/**
 * The `@defName <key>` written on the declaration of a type (its alias first, then its
 * interface, class or enum; for a generic instantiation, the generic declaration), or
 * undefined when there is none.
 */
export function readDefName(type: ts.Type): DefNameTag | undefined {
  for (const symbol of [type.aliasSymbol, type.getSymbol()]) {
    for (const declaration of symbol?.declarations ?? []) {
      const tag = ts.getJSDocTags(declaration).find((t) => t.tagName.text === DEF_NAME_TAG);
      if (tag) return { key: (ts.getTextOfJSDocComment(tag.comment) ?? '').trim(), typeName: symbol?.name ?? '?' };
    }
  }
  return undefined;
}
