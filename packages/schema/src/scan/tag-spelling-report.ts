import * as ts from 'typescript';
import type { ScanContext } from './scan-context';
import { findMisspelledTags } from './tag-spelling';

/** Notes a warning for each JSDoc tag of `file` that looks like a misspelled schema tag. */
export function reportMisspelledTags(file: ts.SourceFile, context: ScanContext): void {
  for (const { tag, suggestion } of findMisspelledTags(file)) {
    const written = tag.tagName.text;
    context.note(
      tag,
      'ARM_WARN_UNKNOWN_TAG',
      ownerOf(tag),
      `@${written} is not a tag Armature reads, so it is left out of the schema; did you mean @${suggestion}?`,
    );
  }
}

/** The class and member a JSDoc tag documents, for the message's subject. */
function ownerOf(tag: ts.JSDocTag): { className?: string; property?: string } {
  let member: string | undefined;
  for (let node: ts.Node | undefined = tag.parent; node; node = node.parent) {
    if (member === undefined && (ts.isClassElement(node) || ts.isTypeElement(node)) && node.name && ts.isIdentifier(node.name))
      member = node.name.text;
    if ((ts.isClassLike(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name) {
      return { className: node.name.text, property: member };
    }
  }
  return {};
}
