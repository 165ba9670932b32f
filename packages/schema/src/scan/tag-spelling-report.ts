import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import type { BuildNote } from '../problems/build-note';
import { findMisspelledTags } from './tag-spelling';

/** A warning note for each JSDoc tag of `file` that looks like a misspelled schema tag; `relative` names the file in it. */
export function misspelledTagNotes(file: ts.SourceFile, relative: (fileName: string) => string): BuildNote[] {
  return findMisspelledTags(file).map(({ tag, suggestion }) => {
    const { line, character } = file.getLineAndCharacterOfPosition(tag.getStart(file));
    return {
      code: 'ARM_WARN_UNKNOWN_TAG',
      file: relative(file.fileName),
      line: line + 1,
      column: character + 1,
      ...ownerOf(tag),
      message: `@${tag.tagName.text} is not a tag Armature reads, so it is left out of the schema; did you mean @${suggestion}?`,
    };
  });
}

/**
 * The build warnings of source files read from disk, without a type checker: what `armature
 * build --strict` checks in a project the compiler found up to date (so it was not scanned).
 */
export function sourceWarnings(fileNames: readonly string[], projectDir: string): BuildNote[] {
  const relative = (fileName: string): string => path.relative(projectDir, fileName).split(path.sep).join('/');
  return fileNames
    .filter((name) => /\.[cm]?tsx?$/.test(name) && !/\.d\.[cm]?ts$/.test(name))
    .flatMap((name) => {
      const text = fs.readFileSync(name, 'utf8');
      if (!text.includes('@')) return [];
      return misspelledTagNotes(ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true), relative);
    });
}

/** The class (or interface, type alias) and member a JSDoc tag or declaration belongs to, for a message's subject. */
export function ownerOf(start: ts.Node): { className?: string; property?: string } {
  let member: string | undefined;
  for (let node: ts.Node | undefined = start; node; node = node.parent) {
    if (member === undefined && (ts.isClassElement(node) || ts.isTypeElement(node)) && node.name && ts.isIdentifier(node.name))
      member = node.name.text;
    if ((ts.isClassLike(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name) {
      return { className: node.name.text, property: member };
    }
  }
  return {};
}
