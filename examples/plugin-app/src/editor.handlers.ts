import { Injectable } from '@armature/di';
import { Tool } from '@armature/core';
import { TextStats, type WordCount } from '@armature-examples/plugin-tools';

/** What `review_draft` returns. */
export interface DraftReport {
  /** Counts from the plugin's TextStats. */
  counts: WordCount;
  /** At 200 words a minute, rounded up. */
  readingMinutes: number;
  /** Sentences longer than the limit, in order. */
  longSentences: string[];
}

/** The app's own tools, built on a service the plugin package exports. */
@Injectable()
export class EditorHandlers {
  constructor(private readonly stats: TextStats) {}

  /**
   * Review a draft: counts, reading time, and sentences that run long.
   * @param draft The text of the draft.
   * @param maxWords Longest sentence, in words, before it is reported.
   * @integer maxWords
   * @minimum maxWords 1
   */
  @Tool({ name: 'review_draft', title: 'Review a draft', annotations: { readOnlyHint: true, openWorldHint: false } })
  review(draft: string, maxWords = 25): DraftReport {
    const counts = this.stats.count(draft);
    const sentences = draft
      .split(/(?<=[.!?])\s+/u)
      .map((s) => s.trim())
      .filter((s) => s !== '');
    return {
      counts,
      readingMinutes: Math.ceil(counts.words / 200),
      longSentences: sentences.filter((s) => this.stats.count(s).words > maxWords),
    };
  }
}
