import { expect } from 'chai';
import { fromManifestDocument, toManifestDocument } from '../src';
import { problemLines, scan, scanClean } from './helpers/scan-helpers';

const HEADER = `import { Tool, RequestContext } from '@armature/core';\n`;

/** A handler whose one tool asks `ctx.elicit<Form>` with `key`; the form type is declared above it. */
function handlerAsking(formDeclaration: string, key = 'the_form', call = `ctx.elicit<Form>('Fill it in', { key: '${key}' })`): string {
  return `${HEADER}${formDeclaration}
export class H {
  @Tool() async ask(ctx: RequestContext): Promise<string> {
    const answer = await ${call};
    return answer.action;
  }
}
`;
}

describe('typed elicitation forms', () => {
  it('turns a flat form type with JSDoc into the MCP form schema, stored by key with its call site', () => {
    const result = scanClean(
      handlerAsking(`interface Form {
  /**
   * Say yes to go on.
   * @title Go on
   * @default false
   */
  confirm: boolean;
  /**
   * Why, in a few words.
   * @minLength 2
   * @maxLength 100
   */
  reason?: string;
  /** @format email */
  email?: string;
  /**
   * @TJS-type integer
   * @minimum 1
   * @maximum 5
   */
  stars?: number;
  ratio?: number;
  level: 'low' | 'high';
  tags?: ('a' | 'b')[];
}`),
    );
    expect(result.manifest.elicitForms).to.deep.equal({
      the_form: {
        source: 'src/handlers.ts:29:26',
        schema: {
          type: 'object',
          properties: {
            confirm: { description: 'Say yes to go on.', title: 'Go on', default: false, type: 'boolean' },
            reason: { description: 'Why, in a few words.', minLength: 2, maxLength: 100, type: 'string' },
            email: { format: 'email', type: 'string' },
            stars: { minimum: 1, maximum: 5, type: 'integer' },
            ratio: { type: 'number' },
            level: { enum: ['high', 'low'], type: 'string' },
            tags: { type: 'array', items: { enum: ['a', 'b'], type: 'string' } },
          },
          required: ['confirm', 'level'],
        },
      },
    });
  });

  it('keeps the forms through the stored manifest format (the schema interned with the others)', () => {
    const result = scanClean(handlerAsking('interface Form { ok: boolean }'));
    const document = toManifestDocument(result.manifest);
    const stored = document.elicitForms?.the_form;
    expect(stored?.source).to.equal('src/handlers.ts:5:26');
    expect(JSON.parse(document.schemas[stored?.schema ?? -1] ?? 'null')).to.deep.equal(result.manifest.elicitForms?.the_form?.schema);
    expect(fromManifestDocument(document).elicitForms).to.deep.equal(result.manifest.elicitForms);
  });

  it('writes no elicitForms when the app has no typed elicitation, and ignores hand-written ones', () => {
    const result = scanClean(
      handlerAsking(
        '',
        'k',
        `ctx.elicit({ mode: 'form', message: 'm', requestedSchema: { type: 'object', properties: {} } }, { key: 'k' })`,
      ),
    );
    expect(result.manifest).to.not.have.property('elicitForms');
  });

  const refused: readonly [string, string, string][] = [
    [
      'a nested object',
      'interface Form { who: { name: string } }',
      'src/handlers.ts:5:37 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the form type Form: property "who" is a nested object; a form field is a string, number, integer, boolean, string-literal union or array of one (flatten nested objects into fields, drop null).',
    ],
    [
      'a nullable field',
      'interface Form { note: string | null }',
      'src/handlers.ts:5:37 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the form type Form: property "note" is one of several types ("null", "string"); a form field is a string, number, integer, boolean, string-literal union or array of one (flatten nested objects into fields, drop null).',
    ],
    [
      'a pattern',
      'interface Form {\n  /** @pattern ^a$ */\n  code: string;\n}',
      'src/handlers.ts:8:37 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the form type Form: property "code" uses "pattern", which a form field of this type cannot carry; remove the constraint.',
    ],
    [
      'a format forms do not allow',
      'interface Form {\n  /** @format uuid */\n  id: string;\n}',
      'src/handlers.ts:8:37 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the form type Form: property "id" has format "uuid"; forms allow email, uri, date, date-time.',
    ],
    [
      'an array type',
      'type Form = string[]',
      'src/handlers.ts:5:37 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the form type Form: is not an object type; a form is a flat object of string, number, integer, boolean or enum properties.',
    ],
    [
      'a function field',
      'interface Form { done: () => void }',
      'src/handlers.ts:5:37 - error ARM_ERR_ELICIT_FORM: ctx.elicit: in the form type Form, property "done" is a function, which JSON cannot carry; pass data instead.',
    ],
  ];
  for (const [what, declaration, line] of refused) {
    it(`refuses ${what} with file:line:col and a fix`, () => {
      const result = scan({ 'src/handlers.ts': handlerAsking(declaration) });
      expect(problemLines(result)).to.deep.equal([line]);
    });
  }

  it('refuses a call without a type argument or without a literal key, where it is written', () => {
    const result = scan({
      'src/handlers.ts': `${HEADER}interface Form { ok: boolean }
const suffix = 'x';
export class H {
  @Tool() async ask(ctx: RequestContext): Promise<string> {
    await ctx.elicit('No type', { key: 'k1' });
    await ctx.elicit<Form>('Computed key', { key: 'k' + suffix });
    await ctx.elicit<Form>('Bad key', { key: 'has space' });
    return '';
  }
}
`,
    });
    expect(problemLines(result)).to.deep.equal([
      'src/handlers.ts:6:11 - error ARM_ERR_ELICIT_FORM: ctx.elicit: a typed elicitation needs its form type as a type argument: ctx.elicit<MyForm>(message, { key }); pass ElicitRequestFormParams instead to write the schema by hand.',
      'src/handlers.ts:7:44 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the options of a typed elicitation need a literal key ({ key: "confirm_delete" }): the server finds the form by it at run time.',
      'src/handlers.ts:8:39 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the key "has space" is not 1-64 characters of A-Z a-z 0-9 _ . -.',
    ]);
  });

  it('takes one key at two call sites with the same form, and refuses it for another form', () => {
    const result = scan({
      'src/a.ts': handlerAsking('interface Form { ok: boolean }', 'shared'),
      'src/b.ts': handlerAsking('interface Form { ok: boolean }', 'shared').replace('class H', 'class H2'),
      'src/c.ts': handlerAsking('interface Form { name: string }', 'shared').replace('class H', 'class H3'),
    });
    expect(problemLines(result)).to.deep.equal([
      'src/c.ts:5:26 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the key "shared" already names another form (src/a.ts:5:26); give each form type its own key.',
    ]);
  });
});
