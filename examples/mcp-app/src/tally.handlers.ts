import { Injectable } from '@armature/di';
import { Resource, Tool } from '@armature/core';
import type { McpAppContents } from '@armature/core/mcp-apps';
import { TALLY_HTML, tallyView } from './tally.view';

/** How often one word occurs. */
export interface WordCount {
  word: string;
  count: number;
}

/** What `tally` returns; the view draws it, a client without views shows its JSON. */
export interface Tally {
  /** Number of words in the text. */
  words: number;
  /** Number of different words. */
  distinct: number;
  /** The most frequent words, most frequent first. */
  top: WordCount[];
}

/** An MCP App: one tool, and the view its results are shown in. */
@Injectable()
export class TallyHandlers {
  /**
   * Count the words of a text and show the most frequent ones as a chart.
   * @param text The text to count.
   * @param limit How many of the most frequent words to return.
   * @minimum limit 1
   * @maximum limit 50
   */
  @Tool({ title: 'Tally words', annotations: { readOnlyHint: true, openWorldHint: false }, _meta: tallyView.toolMeta() })
  tally(text: string, limit = 10): Tally {
    const counts = new Map<string, number>();
    let words = 0;
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []) {
      words++;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const top = [...counts].map(([word, count]) => ({ word, count })).sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
    return { words, distinct: counts.size, top: top.slice(0, limit) };
  }

  /** The HTML view of `tally` results. */
  @Resource(tallyView.uri, tallyView.resource)
  tallyView(): McpAppContents {
    return tallyView.contents(TALLY_HTML);
  }
}
