import { charTable, intersects, members, type CharTable } from './uri-char-classes';
import { quote } from './uri-template-errors';

/** An expression as the adjacency check sees it. */
export interface AdjacencyNode {
  readonly source: string;
  readonly first: CharTable;
  readonly continuation: CharTable;
}

/**
 * Finds expressions that follow each other with no literal between them when the
 * boundary between them could fall in more than one place: the earlier one can go on
 * with a character the later one can start with (`{a}{b}`, `{name}{.ext}`, `{+p}{/x}`).
 * Every expression may expand to nothing, so each expression is checked against every
 * later one in the same run, not just its neighbour. Expressions that start with a
 * character the earlier one cannot hold (`{a}{/b}`, `{id}{?q}`, `{/a}{/b}`) are fine:
 * there, variables are filled left to right.
 *
 * Such templates are valid RFC 6570 (`up{+path}{var}/here` is one of its examples), so
 * they parse and expand; matching stays deterministic (earlier variables greedy), and the
 * problems are reported on `UriTemplate.ambiguities` for a server to refuse at boot.
 * A literal separator that can also occur inside the preceding value (`{a}.{b}`) is not
 * reported; matching resolves it by the same greedy rule.
 */
export function findAdjacencyProblems(run: readonly AdjacencyNode[]): string[] {
  const problems: string[] = [];
  for (let i = 0; i < run.length; i++) {
    for (let j = i + 1; j < run.length; j++) {
      if (!intersects(run[i].continuation, run[j].first)) continue;
      const shared = members(intersection(run[i].continuation, run[j].first));
      // Name the readable characters first: "a" says more than "!".
      const ordered = shared.replace(/[^A-Za-z0-9]/g, '') + shared.replace(/[A-Za-z0-9]/g, '');
      const sample = ordered.length > 8 ? `${ordered.slice(0, 8)}…` : ordered;
      problems.push(
        `${run[i].source} and ${run[j].source} have no literal between them, and ${quote(sample)} could ` +
          `continue ${run[i].source} or start ${run[j].source}, so the boundary between their values is ambiguous. ` +
          `Put a literal separator between them (e.g. "${run[i].source}/${run[j].source}"), or start the second ` +
          `with an operator character the first cannot contain (such as {/x}, {?x} or {#x}).`,
      );
    }
  }
  return problems;
}

function intersection(a: CharTable, b: CharTable): CharTable {
  const t = charTable('');
  for (let i = 0; i < 128; i++) t[i] = a[i] & b[i];
  return t;
}
