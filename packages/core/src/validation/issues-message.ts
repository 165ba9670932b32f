import type { ValidationIssue } from './validation-result';

/** At most this many issues are listed; a model fixes the first ones and retries. */
const MAX_LISTED = 20;

/**
 * One message listing every failing field and why, for an `isError` tool result:
 * `Invalid arguments for tool "create":` then `- title: is required`, one line per issue.
 */
export function issuesMessage(subject: string, issues: readonly ValidationIssue[]): string {
  const lines = issues.slice(0, MAX_LISTED).map((i) => `- ${i.path === '' ? '(arguments)' : i.path}: ${i.message}`);
  if (issues.length > MAX_LISTED) lines.push(`- …and ${issues.length - MAX_LISTED} more`);
  return `Invalid arguments for ${subject}:\n${lines.join('\n')}\nCorrect these arguments and call again.`;
}
