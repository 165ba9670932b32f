import { RequestContext, Tool } from '@armature/core';
import type { ElicitAnswer } from '@armature/core/elicitation';
import type { DefaultsForm, EnumsForm } from './forms';

function completed(answer: ElicitAnswer<object>): string {
  return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.action === 'accept' ? answer.content : {})}`;
}

/** Elicitation forms exercising SEP-1034 (defaults) and SEP-1330 (enum styles), made from types. */
export class ElicitationTools {
  /** Elicits one field of each primitive type, each with a default value. */
  @Tool()
  async test_elicitation_sep1034_defaults(ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit<DefaultsForm>('Please review and update the form fields with defaults', { key: 'defaults' });
    return completed(answer);
  }

  /** Elicits the five enum shapes: untitled, titled and legacy single-select; untitled and titled multi-select. */
  @Tool()
  async test_elicitation_sep1330_enums(ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit<EnumsForm>('Please select options from the enum fields', { key: 'enums' });
    return completed(answer);
  }
}
