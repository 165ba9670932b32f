import * as ts from 'typescript';
import { SENSITIVE_KEYWORD } from '../convert/sensitive-paths';
import { ENUM_NAMES_TAG, OPTION_TITLE_TAG } from '../elicit/option-titles';
import { KEYWORD_TAGS, SCHEMA_DEFS_TAG } from './jsdoc-reader';

/**
 * Tags the scanner (or typescript-json-schema, on properties) turns into schema keywords. A
 * misspelling of one of these is silently ignored by both, so the constraint would vanish.
 */
const SCHEMA_TAGS: readonly string[] = [
  ...KEYWORD_TAGS,
  SCHEMA_DEFS_TAG,
  SENSITIVE_KEYWORD,
  OPTION_TITLE_TAG,
  ENUM_NAMES_TAG,
  'maxProperties',
  'minProperties',
  'additionalProperties',
  'contains',
  'nullable',
  'ignore',
  'title',
  'description',
];

/** Standard JSDoc/TSDoc tags: never reported, even when close to a schema tag (`@example` vs `@examples`). */
const DOC_TAGS: ReadonlySet<string> = new Set(
  [
    'param',
    'returns',
    'return',
    'example',
    'see',
    'link',
    'throws',
    'deprecated',
    'since',
    'remarks',
    'internal',
    'override',
    'readonly',
    'public',
    'private',
    'protected',
    'type',
    'typedef',
    'template',
    'enum',
    'const',
    'default',
    'defaultValue',
    'beta',
    'alpha',
    'experimental',
    'author',
    'version',
    'todo',
    'inheritDoc',
    'packageDocumentation',
    'module',
    'callback',
    'property',
    'prop',
    'file',
    'license',
    'category',
    'hidden',
    'virtual',
    'event',
    'sealed',
    'eventProperty',
    'typeParam',
    'privateRemarks',
    'label',
    'decorator',
    'async',
    'yields',
    'satisfies',
    'import',
    'overload',
    'this',
    'extends',
    'implements',
    'augments',
    'class',
    'constructor',
    'namespace',
    'function',
    'member',
    'memberof',
    'summary',
    'abstract',
  ].map((t) => t.toLowerCase()),
);

const KNOWN: ReadonlySet<string> = new Set(SCHEMA_TAGS);
const KNOWN_LOWER: ReadonlyMap<string, string> = new Map(SCHEMA_TAGS.map((t) => [t.toLowerCase(), t]));

/** A JSDoc tag that is probably a misspelled schema tag. */
export interface MisspelledTag {
  readonly tag: ts.JSDocTag;
  /** The schema tag it is closest to. */
  readonly suggestion: string;
}

/**
 * The tags of `file`'s JSDoc comments that are not known but lie within a small edit distance
 * of a schema tag (`@minLenght`, `@maximun`, `@minlength`). A cheap text check runs first, so a
 * file without a close `@word` is not walked.
 */
export function findMisspelledTags(file: ts.SourceFile): MisspelledTag[] {
  const words = new Set<string>();
  for (const match of file.text.matchAll(/@([A-Za-z][\w-]*)/g)) {
    const word = match[1] as string;
    if (!KNOWN.has(word) && closestSchemaTag(word) !== undefined) words.add(word);
  }
  if (words.size === 0) return [];
  const found: MisspelledTag[] = [];
  const seen = new Set<ts.JSDocTag>();
  const visit = (node: ts.Node): void => {
    for (const tag of ts.getJSDocTags(node)) {
      if (seen.has(tag) || !words.has(tag.tagName.text)) continue;
      seen.add(tag);
      const suggestion = closestSchemaTag(tag.tagName.text);
      if (suggestion !== undefined) found.push({ tag, suggestion });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.sort((a, b) => a.tag.pos - b.tag.pos);
}

/** The schema tag `word` probably means, or undefined when it is known, a doc tag, or not close to any. */
export function closestSchemaTag(word: string): string | undefined {
  if (KNOWN.has(word) || DOC_TAGS.has(word.toLowerCase())) return undefined;
  const lower = word.toLowerCase();
  const sameLetters = KNOWN_LOWER.get(lower);
  if (sameLetters !== undefined) return sameLetters;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const known of SCHEMA_TAGS) {
    // Short tags need a closer match: two edits turn most four-letter words into others.
    const allowed = known.length >= 7 ? 2 : 1;
    const distance = editDistance(lower, known.toLowerCase(), allowed);
    if (distance <= allowed && distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal-string-alignment distance (a swap of two neighbours counts as one edit), capped above `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] as number) + 1);
      current.push(value);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}
