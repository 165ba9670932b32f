import { expect } from 'chai';
import { UriTemplate } from '../../src/uri-template';
import { RFC_EXPANSIONS, RFC_VARIABLES } from './rfc6570-examples';
import { expand } from './support/expand';

describe("RFC 6570 expansion (the tests' expander, inverse of match)", () => {
  for (const [section, cases] of Object.entries(RFC_EXPANSIONS)) {
    describe(`RFC 6570 ${section}`, () => {
      for (const [template, expected] of cases) {
        it(`${template} → ${expected}`, () => {
          expect(expand(UriTemplate.parse(template), RFC_VARIABLES)).to.equal(expected);
        });
      }
    });
  }

  it('expands numbers and booleans as strings (RFC 6570 §2.3)', () => {
    expect(expand(UriTemplate.parse('{/n,b}'), { n: 42, b: true })).to.equal('/42/true');
  });

  it('pct-encodes non-ASCII values as UTF-8 and literals alike (§3.1)', () => {
    const t = UriTemplate.parse('notes://café/{id}');
    expect(expand(t, { id: 'naïve 😀' })).to.equal('notes://caf%C3%A9/na%C3%AFve%20%F0%9F%98%80');
  });

  it('writes a lone surrogate as U+FFFD instead of throwing', () => {
    expect(expand(UriTemplate.parse('{x}'), { x: 'a\ud800b' })).to.equal('a%EF%BF%BDb');
  });

  it('applies a prefix by code points, never splitting a character', () => {
    expect(expand(UriTemplate.parse('{x:2}'), { x: '😀😀😀' })).to.equal('%F0%9F%98%80%F0%9F%98%80');
  });

  it('expands composite values whole under a prefix modifier (§2.4.1: not applicable)', () => {
    expect(expand(UriTemplate.parse('{x:1}'), { x: ['ab', 'cd'] })).to.equal('ab,cd');
  });

  it('reads only own properties, so prototype names are undefined unless given', () => {
    const t = UriTemplate.parse('{/constructor,__proto__,toString}');
    expect(expand(t, {})).to.equal('');
    const values = JSON.parse('{"__proto__":"p","constructor":"c"}') as Record<string, string>;
    expect(expand(t, values)).to.equal('/c/p');
  });

  it('leaves pct-triplets in reserved expansion as they are (§3.2.3)', () => {
    expect(expand(UriTemplate.parse('{+x}'), { x: 'a%2Fb%zz' })).to.equal('a%2Fb%25zz');
  });
});
