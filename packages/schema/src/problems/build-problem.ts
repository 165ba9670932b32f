import type { ProblemCode } from './problem-codes';

/**
 * One reason a build cannot produce a manifest. The scanner collects every problem of a run
 * before failing, and each one names where it is: file, line, class, method and parameter.
 */
export interface BuildProblem {
  readonly code: ProblemCode;
  /** Source file, relative to the project folder, with `/` separators. */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  readonly className?: string;
  readonly method?: string;
  readonly parameter?: string;
  /** What is wrong and how to fix it, in one or two sentences. */
  readonly message: string;
}

/**
 * Formats a problem as one line:
 * `src/a.ts:12:3 - error ARM_ERR_SCHEMA_TYPE: NotesHandlers.create(cb): <message>`.
 */
export function formatProblem(problem: BuildProblem): string {
  const where = `${problem.file}:${problem.line}:${problem.column}`;
  return `${where} - error ${problem.code}: ${formatSubject(problem)}: ${problem.message}`;
}

/** `Class.method(parameter)`, `Class.method` or `Class`, whichever parts the problem has. */
export function formatSubject(problem: Pick<BuildProblem, 'className' | 'method' | 'parameter'>): string {
  let subject = problem.className ?? '<anonymous class>';
  if (problem.method !== undefined) subject += `.${problem.method}`;
  if (problem.parameter !== undefined) subject += `(${problem.parameter})`;
  return subject;
}

/** Formats every problem, one per line, followed by a count. */
export function formatProblems(problems: readonly BuildProblem[]): string {
  const lines = problems.map(formatProblem);
  const noun = problems.length === 1 ? 'problem' : 'problems';
  lines.push(`Found ${problems.length} schema ${noun}; no manifest was written.`);
  return lines.join('\n');
}
