import { expect } from 'chai';
import { UriTemplate } from '../../src/uri-template';

describe('UriTemplate.match: trailing query expressions', () => {
  const search = UriTemplate.parse('notes://search{?q,limit}{&tag*}');

  it('matches parameters in any order', () => {
    expect(search.match('notes://search?limit=5&q=hi')).to.deep.equal({ q: 'hi', limit: '5' });
    expect(search.match('notes://search?q=hi&limit=5')).to.deep.equal({ q: 'hi', limit: '5' });
  });

  it('treats every parameter as optional', () => {
    expect(search.match('notes://search')).to.deep.equal({});
    expect(search.match('notes://search?')).to.deep.equal({});
    expect(search.match('notes://search?limit=5')).to.deep.equal({ limit: '5' });
  });

  it('reads a bare name or name= as the empty string and skips empty pairs', () => {
    expect(search.match('notes://search?q&&limit=')).to.deep.equal({ q: '', limit: '' });
  });

  it('collects an exploded parameter, in order, wherever its values are', () => {
    expect(search.match('notes://search?tag=a&q=x&tag=b')).to.deep.equal({ q: 'x', tag: ['a', 'b'] });
  });

  it('matches what RFC 6570 expands when the {?…} variables are undefined: the {&…} part opens the query', () => {
    // {?q,limit} expands to nothing, {&tag*} to "&tag=a&tag=b" (RFC 6570 §3.2.9): no "?" at all.
    expect(search.match('notes://search&tag=a&tag=b')).to.deep.equal({ tag: ['a', 'b'] });
    expect(search.match('notes://search&tag=')).to.deep.equal({ tag: [''] });
    expect(search.match('notes://search?&tag=')).to.deep.equal({ tag: [''] });
    // Only where a {&…} expression follows: a lone {?…} tail still needs its "?".
    expect(UriTemplate.parse('notes://search{?q}').match('notes://search&q=1')).to.equal(null);
  });

  it('refuses a plain parameter given twice', () => {
    expect(search.matchDetailed('notes://search?q=a&q=b')).to.deep.include({ ok: false, reason: 'no-match' });
  });

  it('refuses unknown parameters by default and names them', () => {
    const r = search.matchDetailed('notes://search?q=a&utm_source=x');
    expect(r).to.deep.include({ ok: false, reason: 'no-match' });
    expect(r.ok ? '' : r.detail).to.include('utm_source');
  });

  it('ignores unknown parameters when allowUnknownQueryParams is set, also without query expressions', () => {
    const lax = UriTemplate.parse('notes://search{?q}', { allowUnknownQueryParams: true });
    expect(lax.match('notes://search?utm=1&q=a')).to.deep.equal({ q: 'a' });
    const plain = UriTemplate.parse('notes://{id}', { allowUnknownQueryParams: true });
    expect(plain.match('notes://x?utm=1')).to.deep.equal({ id: 'x' });
    expect(UriTemplate.parse('notes://{id}').match('notes://x?utm=1')).to.equal(null);
  });

  it('decodes values once and keeps "+" as "+" (RFC 3986, not form encoding)', () => {
    expect(search.match('notes://search?q=a+b%20c%252F')).to.deep.equal({ q: 'a+b c%2F' });
  });

  it('accepts raw "/", "?", ":" and "=" in values, as RFC 3986 §3.4 allows', () => {
    expect(search.match('notes://search?q=a=b:c?d')).to.deep.equal({ q: 'a=b:c?d' });
  });

  it('reads a non-exploded list as one string', () => {
    expect(UriTemplate.parse('{?list}').match('?list=red,green,blue')).to.deep.equal({ list: 'red,green,blue' });
  });

  it('continues a literal query with {&x}', () => {
    const t = UriTemplate.parse('?fixed=yes{&x}');
    expect(t.match('?fixed=yes&x=1024')).to.deep.equal({ x: '1024' });
    expect(t.match('?fixed=yes')).to.deep.equal({});
    expect(t.match('?x=1024&fixed=yes')).to.equal(null);
  });

  it('starts the query as the first trailing expression expands: "?" for {?x}, "&" for {&x}', () => {
    expect(UriTemplate.parse('{&who}').match('&who=fred')).to.deep.equal({ who: 'fred' });
    expect(UriTemplate.parse('{&who}').match('?who=fred')).to.equal(null);
    expect(UriTemplate.parse('x{?a}{&b}').match('x?b=2&a=1')).to.deep.equal({ a: '1', b: '2' });
  });

  it('starts the query at the first "?", after a reserved path', () => {
    const t = UriTemplate.parse('file:///{+path}{?rev}');
    expect(t.match('file:///a/b.txt?rev=3')).to.deep.equal({ path: 'a/b.txt', rev: '3' });
    expect(t.match('file:///a?b?rev=3')).to.equal(null);
  });

  it('caps prefixed parameters and refuses invalid UTF-8', () => {
    const t = UriTemplate.parse('{?v:3}');
    expect(t.match('?v=abc')).to.deep.equal({ v: 'abc' });
    expect(t.match('?v=abcd')).to.equal(null);
    expect(t.match('?v=%FF')).to.equal(null);
  });

  it('never runs into the fragment', () => {
    expect(search.match('notes://search?q=a#frag')).to.equal(null);
  });

  it('compares names exactly, including prototype-like ones', () => {
    const t = UriTemplate.parse('{?__proto__}');
    expect(t.match('?__proto__=x')).to.deep.equal(JSON.parse('{"__proto__":"x"}'));
    expect(t.match('?constructor=x')).to.equal(null);
  });
});
