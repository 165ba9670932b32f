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

  it('writes every enum shape of the spec: untitled and titled single select, legacy enumNames, untitled and titled multi select', () => {
    const result = scanClean(
      handlerAsking(`/** Options shown with titles: each member's JSDoc is its title. */
enum Titled {
  /** First Option */
  Value1 = 'value1',
  /** @title Second Option */
  Value2 = 'value2',
}
enum Plain {
  A = 'a',
  B = 'b',
}
interface Form {
  /** Untitled single-select */
  untitledSingle: 'option1' | 'option2';
  /**
   * Titled single-select
   * @default "value2"
   */
  titledSingle?: Titled;
  /**
   * Legacy titled enum
   * @enumNames
   */
  legacyEnum?: Titled;
  plain?: Plain;
  /**
   * Untitled multi-select
   * @minItems 1
   * @maxItems 2
   */
  untitledMulti?: ('option1' | 'option2')[];
  /** Titled multi-select */
  titledMulti?: Titled[];
  /**
   * A union with titles from tags
   * @optionTitle low Not urgent
   * @optionTitle high Do it now
   */
  urgency?: 'low' | 'high';
  /**
   * @optionTitle x The X
   * @optionTitle y The Y
   */
  picks?: ('x' | 'y')[];
}`),
    );
    const titled = [
      { const: 'value1', title: 'First Option' },
      { const: 'value2', title: 'Second Option' },
    ];
    expect(result.manifest.elicitForms?.the_form?.schema).to.deep.equal({
      type: 'object',
      properties: {
        untitledSingle: { description: 'Untitled single-select', type: 'string', enum: ['option1', 'option2'] },
        titledSingle: { description: 'Titled single-select', default: 'value2', type: 'string', oneOf: titled },
        legacyEnum: {
          description: 'Legacy titled enum',
          type: 'string',
          enum: ['value1', 'value2'],
          enumNames: ['First Option', 'Second Option'],
        },
        plain: { type: 'string', enum: ['a', 'b'] },
        untitledMulti: {
          description: 'Untitled multi-select',
          minItems: 1,
          maxItems: 2,
          type: 'array',
          items: { type: 'string', enum: ['option1', 'option2'] },
        },
        titledMulti: { description: 'Titled multi-select', type: 'array', items: { anyOf: titled } },
        urgency: {
          description: 'A union with titles from tags',
          type: 'string',
          oneOf: [
            { const: 'high', title: 'Do it now' },
            { const: 'low', title: 'Not urgent' },
          ],
        },
        picks: {
          type: 'array',
          items: {
            anyOf: [
              { const: 'x', title: 'The X' },
              { const: 'y', title: 'The Y' },
            ],
          },
        },
      },
      required: ['untitledSingle'],
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
    [
      'an array of objects',
      'interface Form { people: { name: string }[] }',
      'src/handlers.ts:5:37 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the form type Form: property "people" is an array of something other than a string enum; a form field is a string, number, integer, boolean, string-literal union or array of one (flatten nested objects into fields, drop null).',
    ],
    [
      'an array of numbers',
      'interface Form { scores: number[] }',
      'src/handlers.ts:5:37 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the form type Form: property "scores" is an array of something other than a string enum; a form field is a string, number, integer, boolean, string-literal union or array of one (flatten nested objects into fields, drop null).',
    ],
    [
      'a numeric enum',
      'enum Level { Low, High }\ninterface Form { level: Level }',
      'src/handlers.ts:6:37 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the form type Form: property "level" is a non-string literal; a form field is a string, number, integer, boolean, string-literal union or array of one (flatten nested objects into fields, drop null).',
    ],
    [
      'a field marked sensitive',
      'interface Form {\n  /** @sensitive */\n  password: string;\n}',
      'src/handlers.ts:8:37 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the form type Form: property "password" is marked sensitive; a form must not ask for sensitive information (ask for it with a URL-mode elicitation instead).',
    ],
    [
      'an enum whose options are titled only in part',
      'enum Pick {\n  /** The A */\n  A = "a",\n  B = "b",\n}\ninterface Form { pick: Pick }',
      'src/handlers.ts:7:18 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the form type Form: property "pick" gives some options a title but not "b"; give every option a title or none.',
    ],
    [
      'an @optionTitle naming no option',
      'interface Form {\n  /** @optionTitle c The C */\n  pick: "a" | "b";\n}',
      'src/handlers.ts:3:7 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the form type Form: property "pick": @optionTitle names "c", which is not one of its options ("a", "b").',
    ],
    [
      '@enumNames on a multi select',
      'interface Form {\n  /**\n   * @optionTitle a The A\n   * @enumNames\n   */\n  picks: "a"[];\n}',
      'src/handlers.ts:7:3 - error ARM_ERR_ELICIT_FORM: ctx.elicit: the form type Form: property "picks": @enumNames is for a single select; a multi select writes its titles as items.anyOf.',
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
