import { ToolError } from '../results/tool-error';
import type { ValidationIssue } from '../validation/validation-result';
import { EngineErrorCode } from '../errors/engine-error-codes';

/** At most this many issues are named in the message (the rest are counted). */
const ISSUES_SHOWN = 5;

/**
 * The client accepted a typed elicitation with content that does not match its form. It is a
 * `ToolError`: left uncaught in a tool, the model reads the message (`isError: true`) and may
 * call again. `issues` holds every mismatch; the message names the first few.
 */
export class ElicitAnswerError extends ToolError {
  readonly code = EngineErrorCode.ELICIT_ANSWER_INVALID;

  constructor(
    readonly key: string,
    readonly issues: readonly ValidationIssue[],
  ) {
    const named = issues.slice(0, ISSUES_SHOWN).map((i) => (i.path === '' ? i.message : `${i.path} ${i.message}`));
    const more = issues.length > ISSUES_SHOWN ? ` (and ${issues.length - ISSUES_SHOWN} more)` : '';
    super(`The answer to the form "${key}" does not match it: ${named.join('; ')}${more}.`);
    this.name = 'ToolError';
  }
}
