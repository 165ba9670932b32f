import { expect } from 'chai';
import { ArmatureError } from '@armature/di';
import { UriTemplate, type UriTemplateOptions } from '../../src/uri-template';
import { expand } from './support/expand';

function parseError(template: string, options?: UriTemplateOptions): ArmatureError {
  try {
    UriTemplate.parse(template, options);
  } catch (e) {
    expect(e).to.be.instanceOf(ArmatureError);
    return e as ArmatureError;
  }
  throw new Error(`expected ${JSON.stringify(template)} to be refused`);
}

describe('UriTemplate.parse', () => {
  it('lists variables once each, in order of first appearance', () => {
    expect(UriTemplate.parse('notes://{id}/{+path}{/id,x}{?q,r}{&s*}').variables).to.deep.equal(['id', 'path', 'x', 'q', 'r', 's']);
  });

  it('returns a frozen template', () => {
    const t = UriTemplate.parse('notes://{id}');
    expect(Object.isFrozen(t)).to.equal(true);
    expect(Object.isFrozen(t.variables)).to.equal(true);
    expect(t.toString()).to.equal('notes://{id}');
  });

  it('accepts dotted, pct-encoded and prototype-like variable names', () => {
    expect(UriTemplate.parse('{a.b,c%2Fd,__proto__}').variables).to.deep.equal(['a.b', 'c%2Fd', '__proto__']);
  });

  const invalid: readonly [string, RegExp][] = [
    ['notes://{id', /unclosed expression/],
    ['notes://{a{b}}', /unclosed expression/],
    ['notes://id}', /without a matching/],
    ['{}', /empty or malformed variable name/],
    ['{a,}', /empty or malformed variable name/],
    ['{=a}', /reserved/],
    ['{|a}', /reserved/],
    ['{a b}', /" " after variable/],
    ['{a..b}', /variable name/],
    ['{.a.}', /variable name/],
    ['{a:0}', /prefix/],
    ['{a:10000}', /after variable/],
    ['{a*:3}', /after variable/],
    ['{a:3*}', /after variable/],
    ['a b{x}', /not allowed in a literal/],
    ['a<b>{x}', /not allowed in a literal/],
    ['a%zz{x}', /pct-encoded triplet/],
    ['a\u0085{x}', /C1 control/],
    ['a\ud800{x}', /lone surrogate/],
  ];
  for (const [template, message] of invalid) {
    it(`refuses ${JSON.stringify(template)} with ARM_ERR_INVALID_URI_TEMPLATE`, () => {
      const e = parseError(template);
      expect(e.code).to.equal('ARM_ERR_INVALID_URI_TEMPLATE');
      expect(e.message).to.match(message);
      expect(e.message).to.include(JSON.stringify(template));
    });
  }

  it('names the offset of the problem', () => {
    expect(parseError('notes://{id').message).to.include('at offset 8');
  });

  it('refuses a non-string template', () => {
    expect(parseError(42 as unknown as string).code).to.equal('ARM_ERR_INVALID_URI_TEMPLATE');
  });

  const badOptions: readonly UriTemplateOptions[] = [
    { maxUriLength: 0 },
    { maxUriLength: 1.5 },
    { allowUnsafeValues: 'yes' as unknown as boolean },
    { allowUnsafeValues: { dotSegment: true } as unknown as UriTemplateOptions['allowUnsafeValues'] },
    { allowUnknownQueryParams: 1 as unknown as boolean },
    { maxLength: 10 } as unknown as UriTemplateOptions,
  ];
  for (const options of badOptions) {
    it(`refuses options ${JSON.stringify(options)} with ARM_ERR_INVALID_OPTIONS`, () => {
      expect(parseError('{x}', options).code).to.equal('ARM_ERR_INVALID_OPTIONS');
    });
  }

  describe('ambiguity inside one template', () => {
    const ambiguous = ['{a}{b}', 'files://{name}{.ext}', '{+p}{/x}', '{a}{/b}{c}', '{/a,b}{/c}', 'x{a}{+b}y', '?q={+v}{&x}', '{?a}{&a}'];
    for (const template of ambiguous) {
      it(`reports ${template}, which still parses and expands`, () => {
        const t = UriTemplate.parse(template);
        expect(t.ambiguities).to.have.length.greaterThan(0);
        expect(expand(t, {})).to.be.a('string');
      });
    }
    const clear = ['{a}{/b}', 'notes://{id}{?q}', '{/a}{/b}', '{;a}{;b}', 'file:///{+path}{?rev}', '{a}{#f}', '{a}.{b}', '{?a}{&b}'];
    for (const template of clear) {
      it(`does not report ${template}`, () => {
        expect(UriTemplate.parse(template).ambiguities).to.deep.equal([]);
      });
    }

    it('says which expressions, which characters, and how to fix it', () => {
      const [problem] = UriTemplate.parse('files://{name}{.ext}').ambiguities;
      expect(problem).to.include('{name} and {.ext}').and.to.include('"."').and.to.include('literal separator');
    });

    it('matches an ambiguous template deterministically: earlier variables greedy', () => {
      expect(UriTemplate.parse('{a}{b}').match('xy')).to.deep.equal({ a: 'xy', b: '' });
      const rfc = UriTemplate.parse('up{+path}{var}/here', { allowUnsafeValues: true });
      expect(rfc.match('up/foo/barvalue/here')).to.deep.equal({ path: '/foo/barvalue', var: '' });
    });
  });
});
