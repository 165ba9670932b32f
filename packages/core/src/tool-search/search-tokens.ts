/**
 * The words tool search indexes and looks up. `armature build` tokenizes the manifest with this
 * code and the server tokenizes queries with it, so both sides must agree: a change to what a
 * text turns into (or to the field weights of `tool-document.ts`) bumps {@link TOKENIZER_VERSION};
 * an index written by another version is stale, and `armature build` rewrites it.
 */
export const TOKENIZER_VERSION = 1;

/** Longest token kept (longer runs of letters are cut: nobody searches for them whole). */
const MAX_TOKEN_CHARS = 40;

/** Words too common in tool texts to tell tools apart. */
const STOPWORDS = new Set(
  (
    'a an and are as at be by can do does for from has have how i if in into is it its me my no not of on or our ' +
    'please should so than that the their them then there these this to was we what when where which who will with ' +
    'you your'
  ).split(' '),
);

/**
 * The word and part patterns, made on first use: a regular expression of Unicode properties
 * costs about a millisecond to create, which a process that never searches (or answers its
 * first call before it does) should not pay while it loads.
 */
let patterns: { readonly word: RegExp; readonly parts: RegExp } | undefined;

function tokenPatterns(): { readonly word: RegExp; readonly parts: RegExp } {
  patterns ??= {
    /** Runs of letters and digits (any script); everything else separates words. */
    word: /[\p{L}\p{N}]+/gu,
    /**
     * Where a word splits into parts: lower → upper (`getWeather`), the last capital of a run
     * before a lower-case letter (`HTTPServer`), and letters ↔ digits (`utf8Text`).
     */
    parts: /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[\p{L}\p{N}]+/gu,
  };
  return patterns;
}

/**
 * A light English stemmer, enough that `notes`/`note`, `listing`/`list` and `updated`/`update`
 * meet: plural endings, then `-ing`/`-ed` where a stem of four letters or more is left, then a
 * final silent `e`.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length >= 7 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length >= 6 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length >= 5 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/**
 * The tokens of a text, in order, repeats kept: words split at camelCase, snake_case, kebab-case
 * and letter/digit boundaries, lower-cased, stemmed, stopwords dropped. `limit` stops after that
 * many tokens (a query's bound).
 */
export function searchTokens(text: string, limit = Infinity): string[] {
  const out: string[] = [];
  const { word: wordPattern, parts: partPattern } = tokenPatterns();
  for (const word of text.matchAll(wordPattern)) {
    for (const part of word[0].matchAll(partPattern)) {
      const lower = part[0].toLowerCase();
      if (STOPWORDS.has(lower)) continue;
      out.push(stem(lower.length > MAX_TOKEN_CHARS ? lower.slice(0, MAX_TOKEN_CHARS) : lower));
      if (out.length >= limit) return out;
    }
  }
  return out;
}
