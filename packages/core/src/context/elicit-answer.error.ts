import { ArmatureError } from '@armature/di';
import { EngineErrorCode } from '../errors/engine-error-codes';

/** At most this many mismatches are named in the message (the rest are counted). */
const ISSUES_SHOWN = 5;

/**
 * The client accepted a typed elicitation with content that does not match its form. Left
 * uncaught in a tool, it is answered like a `ToolError`: the caller reads the message
 * (`isError: true`) naming the wrong fields. `issues` holds every mismatch.
 */
export class ElicitAnswerError extends ArmatureError {
  constructor(
    readonly key: string,
    readonly issues: readonly { readonly path: string; readonly message: string }[],
  ) {
    const named = issues.slice(0, ISSUES_SHOWN).map((i) => (i.path === '' ? i.message : `${i.path} ${i.message}`));
    const more = issues.length > ISSUES_SHOWN ? ` (and ${issues.length - ISSUES_SHOWN} more)` : '';
    super(EngineErrorCode.ELICIT_ANSWER_INVALID, `The answer to the form "${key}" does not match it: ${named.join('; ')}${more}.`);
    this.name = 'ElicitAnswerError';
  }
}
