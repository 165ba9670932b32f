import { expect } from 'chai';
import { methodOf, problemLines, scan, scanClean } from './helpers/scan-helpers';

describe('resource templates and prompts', () => {
  it('maps every RFC 6570 variable to a parameter, context left out', () => {
    const result = scanClean(`import { ResourceTemplate, RequestContext } from '@armature/core';
const TEMPLATE = 'files://{+path}{?page,size}';
export class Files {
  @ResourceTemplate(TEMPLATE, { mimeType: 'text/plain' })
  read(path: string, ctx: RequestContext, page?: string, size = '10'): string { return path; }
}
`);
    expect(methodOf(result, 'Files', 'read').params).to.deep.equal([
      { index: 0, name: 'path', role: 'variable', required: true },
      { index: 1, name: 'ctx', role: 'context' },
      { index: 2, name: 'page', role: 'variable', required: false },
      { index: 3, name: 'size', role: 'variable', required: false },
    ]);
  });

  it('reports a parameter that is not a variable, optional or not', () => {
    const result = scan({
      'src/t.ts': `import { ResourceTemplate } from '@armature/core';
export class T {
  @ResourceTemplate('x://{id}') one(id: string, page?: string): string { return id; }
}
`,
    });
    expect(problemLines(result)).to.deep.equal([
      'src/t.ts:3:49 - error ARM_ERR_TEMPLATE_PARAMETER: T.one(page): "page" is not a variable of the URI template x://{id}; add {page} (or {?page}) to the template, or remove the parameter.',
    ]);
  });

  it('accepts string-compatible prompt arguments: strings, literal unions, string enums, defaults', () => {
    const result = scanClean(`import { Prompt, RequestContext } from '@armature/core';
export enum Tone { Formal = 'formal', Casual = 'casual' }
export class Prompts {
  /**
   * Draft a reply.
   * @param topic What to write about.
   * @param tone How it should sound.
   */
  @Prompt({ name: 'draft-reply' })
  draft(topic: string, tone: Tone, ctx: RequestContext, length: 'short' | 'long' = 'short', extra?: string): string { return topic; }
}
`);
    expect(methodOf(result, 'Prompts', 'draft').arguments).to.deep.equal([
      { name: 'topic', description: 'What to write about.', required: true },
      { name: 'tone', description: 'How it should sound.', required: true },
      { name: 'length', required: false },
      { name: 'extra', required: false },
    ]);
    expect(methodOf(result, 'Prompts', 'draft').params[3]).to.deep.equal({
      index: 3,
      name: 'length',
      role: 'argument',
      required: false,
      default: 'short',
    });
  });

  it('reports non-string prompt arguments and duplicate prompt names', () => {
    const result = scan({
      'src/p.ts': `import { Prompt } from '@armature/core';
export class P {
  @Prompt() a(count: number, flags: string[]): string { return ''; }
  @Prompt({ name: 'a' }) b(): string { return ''; }
}
`,
    });
    expect(result.problems.map((p) => `${p.code} ${p.parameter ?? p.method}`)).to.deep.equal([
      'ARM_ERR_PROMPT_ARGUMENT count',
      'ARM_ERR_PROMPT_ARGUMENT flags',
      'ARM_ERR_DUPLICATE_NAME b',
    ]);
  });
});
