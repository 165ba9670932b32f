import { Injectable } from '@armature/di';

/** Counts in a text. */
export interface WordCount {
  words: number;
  characters: number;
  lines: number;
  sentences: number;
}

/** Counts words, characters, lines and sentences; exported so apps can use it in their own handlers. */
@Injectable()
export class TextStats {
  count(text: string): WordCount {
    const trimmed = text.trim();
    return {
      words: trimmed === '' ? 0 : trimmed.split(/\s+/u).length,
      characters: [...text].length,
      lines: text === '' ? 0 : text.split(/\r?\n/u).length,
      sentences: (trimmed.match(/[.!?]+(\s|$)/gu) ?? []).length || (trimmed === '' ? 0 : 1),
    };
  }
}
