import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository root (tests run from packages/testing/dist/test/docs). */
export const REPO = join(__dirname, '../../../../..');

/** A fenced code block of a Markdown page, with the file it stands for (`<!-- file: … -->`). */
export interface CodeBlock {
  readonly lang: string;
  readonly code: string;
  readonly file: string | undefined;
}

/** Every fenced block of `page` (relative to the repository root), in order. */
export function codeBlocks(page: string): CodeBlock[] {
  const markdown = readFileSync(join(REPO, page), 'utf8');
  return [...markdown.matchAll(/(?:<!-- file: (\S+) -->\n)?```(\w*)\n([\s\S]*?)```/g)].map((m) => ({
    file: m[1],
    lang: m[2] ?? '',
    code: m[3] ?? '',
  }));
}
