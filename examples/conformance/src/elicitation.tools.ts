import { RequestContext, Tool } from '@armature/core';
import type { ElicitResult } from '@armature/core/wire/2025-11-25';

function completed(answer: ElicitResult): string {
  return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
}

/** Elicitation forms exercising SEP-1034 (defaults) and SEP-1330 (enum styles). */
export class ElicitationTools {
  /** Elicits one field of each primitive type, each with a default value. */
  @Tool()
  async test_elicitation_sep1034_defaults(ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit({
      mode: 'form',
      message: 'Please review and update the form fields with defaults',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
      },
    });
    return completed(answer);
  }

  /** Elicits the five enum shapes: untitled, titled and legacy single-select; untitled and titled multi-select. */
  @Tool()
  async test_elicitation_sep1330_enums(ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit({
      mode: 'form',
      message: 'Please select options from the enum fields',
      requestedSchema: {
        type: 'object',
        properties: {
          untitledSingle: { type: 'string', description: 'Untitled single-select', enum: ['option1', 'option2', 'option3'] },
          titledSingle: {
            type: 'string',
            description: 'Titled single-select',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
              { const: 'value3', title: 'Third Option' },
            ],
          },
          legacyEnum: {
            type: 'string',
            description: 'Legacy titled enum',
            enum: ['opt1', 'opt2', 'opt3'],
            enumNames: ['Option One', 'Option Two', 'Option Three'],
          },
          untitledMulti: {
            type: 'array',
            description: 'Untitled multi-select',
            items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          },
          titledMulti: {
            type: 'array',
            description: 'Titled multi-select',
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
                { const: 'value3', title: 'Third Choice' },
              ],
            },
          },
        },
      },
    });
    return completed(answer);
  }
}
