import { Inject, Injectable } from '@armature/di';
import { Tool, ToolError } from '@armature/core';
import { TextStats, type WordCount } from './text-stats.service';
import { TEXT_TOOLS_OPTIONS, type ResolvedTextToolsOptions } from './text-tools.options';

/** The case styles `change_case` knows. */
export type CaseStyle = 'upper' | 'lower' | 'title';

/** Text tools any Armature app can import with `TextToolsModule.forRoot()`. */
@Injectable()
export class TextToolsHandlers {
  constructor(
    private readonly stats: TextStats,
    @Inject(TEXT_TOOLS_OPTIONS) private readonly options: ResolvedTextToolsOptions,
  ) {}

  /**
   * Count the words, characters, lines and sentences of a text.
   * @param text The text to count.
   */
  @Tool({ name: 'count_words', annotations: { readOnlyHint: true, openWorldHint: false } })
  countWords(text: string): WordCount {
    return this.stats.count(this.checked(text));
  }

  /**
   * Turn a text into a URL slug: lower case, accents removed, words joined by the separator.
   * @param text The text to turn into a slug.
   * @param separator What joins the words.
   * @maxLength separator 3
   */
  @Tool({ annotations: { readOnlyHint: true, openWorldHint: false } })
  slugify(text: string, separator = '-'): string {
    return this.checked(text)
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== '')
      .join(separator);
  }

  /**
   * Change the case of a text, following the configured locale's rules.
   * @param text The text to change.
   * @param to "upper", "lower" or "title" (each word capitalised).
   */
  @Tool({ name: 'change_case', annotations: { readOnlyHint: true, openWorldHint: false } })
  changeCase(text: string, to: CaseStyle): string {
    const { locale } = this.options;
    const input = this.checked(text);
    if (to === 'upper') return input.toLocaleUpperCase(locale);
    if (to === 'lower') return input.toLocaleLowerCase(locale);
    return input
      .toLocaleLowerCase(locale)
      .replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toLocaleUpperCase(locale));
  }

  private checked(text: string): string {
    const max = this.options.maxInputLength;
    if (text.length > max)
      throw new ToolError(`The text has ${text.length} characters; this server accepts at most ${max}. Send a shorter part.`);
    return text;
  }
}
