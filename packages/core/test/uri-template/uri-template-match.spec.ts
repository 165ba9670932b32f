import { expect } from 'chai';
import { UriTemplate, type UriTemplateOptions, type UriTemplateValues } from '../../src/uri-template';

type Case = readonly [uri: string, expected: Record<string, string | string[]> | null];

function check(template: string, cases: readonly Case[], options?: UriTemplateOptions): void {
  describe(template, () => {
    const t = UriTemplate.parse(template, options);
    for (const [uri, expected] of cases) {
      it(`${JSON.stringify(uri)} → ${JSON.stringify(expected)}`, () => {
        const got: UriTemplateValues | null = t.match(uri);
        if (expected === null) expect(got).to.equal(null);
        else expect(got).to.deep.equal(expected);
      });
    }
  });
}

describe('UriTemplate.match', () => {
  describe('simple {x}', () => {
    check('notes://{id}', [
      ['notes://abc', { id: 'abc' }],
      ['notes://', { id: '' }],
      ['notes://a%20b', { id: 'a b' }],
      ['notes://a:b@c!$', { id: 'a:b@c!$' }],
      ['notes://a/b', null],
      ['notes://a,b', null],
      ['notes://abc?x=1', null],
      ['notes://abc#frag', null],
      ['other://abc', null],
      ['notes:/abc', null],
    ]);
    check('{x,y}', [
      ['1024,768', { x: '1024', y: '768' }],
      ['1024', { x: '1024' }],
      [',768', { x: '', y: '768' }],
      ['1,2,3', null],
    ]);
    check('{list*}', [['red,green,blue', { list: ['red', 'green', 'blue'] }]]);
    check('{x:3}', [
      ['val', { x: 'val' }],
      ['valu', null],
      ['%C3%A9%C3%A9%C3%A9', { x: 'ééé' }],
    ]);
  });

  describe('reserved {+x}', () => {
    check('file:///{+path}', [
      ['file:///a/b/c.txt', { path: 'a/b/c.txt' }],
      ['file:///a%2Fb', { path: 'a/b' }],
      ['file:///a,b;c=d', { path: 'a,b;c=d' }],
      ['file:///a?b', null],
      ['file:///a#b', null],
    ]);
    check('{+path}/here', [['/foo/bar/here', { path: '/foo/bar' }]], { allowUnsafeValues: { absolutePaths: true } });
    check('{+x,y}', [['a,b,c', { x: 'a', y: 'b,c' }]]);
    check('{+path}.md', [['a.md.md', { path: 'a.md' }]]);
    check('here?ref={+path}', [['here?ref=a/b?c', { path: 'a/b?c' }]]);
  });

  describe('fragment {#x}', () => {
    check('notes://{id}{#section}', [
      ['notes://a#intro', { id: 'a', section: 'intro' }],
      ['notes://a', { id: 'a' }],
      ['notes://a#', { id: 'a', section: '' }],
      ['notes://a#b/c?d', { id: 'a', section: 'b/c?d' }],
    ]);
    check('{#x,y}', [['#1024,768', { x: '1024', y: '768' }]]);
  });

  describe('label {.x}', () => {
    check('X{.var}', [
      ['X.value', { var: 'value' }],
      ['X.', { var: '' }],
      ['X', {}],
    ]);
    check('www{.dom*}', [['www.example.com', { dom: ['example', 'com'] }]]);
    check('{.who,who}', [['.fred.fred', { who: 'fred' }]]);
    check('db://{schema}.{table}', [['db://a.b.c', { schema: 'a.b', table: 'c' }]]);
  });

  describe('path segments {/x}', () => {
    check('{/who,dub}', [
      ['/fred/me', { who: 'fred', dub: 'me' }],
      ['/fred', { who: 'fred' }],
      ['', {}],
      ['/a/b/c', null],
    ]);
    check('/users{/id*}', [
      ['/users/a/b/c', { id: ['a', 'b', 'c'] }],
      ['/users', {}],
      ['/users/', { id: [''] }],
    ]);
    check('{/list*,last}', [['/a/b/c', { list: ['a', 'b'], last: 'c' }]]);
    check('{/var:1,var}', [
      ['/v/value', { var: 'value' }],
      ['/x/value', null],
    ]);
    check('{/a}{/b}', [
      ['/x/y', { a: 'x', b: 'y' }],
      ['/y', { a: 'y' }],
    ]);
  });

  describe('path parameters {;x}', () => {
    check('{;x,y}', [
      [';x=1024;y=768', { x: '1024', y: '768' }],
      [';y=768', { y: '768' }],
      [';x;y=', { x: '', y: '' }],
      [';y=1;x=2', null],
    ]);
    check('{;list*}', [[';list=red;list=green', { list: ['red', 'green'] }]]);
    check('{;list}', [[';list=red,green', { list: 'red,green' }]]);
    check('{;hello:5}', [[';hello=Hello', { hello: 'Hello' }]]);
  });

  describe('query expressions not at the end are positional', () => {
    check('x{?a,b}/y', [
      ['x?a=1&b=2/y', { a: '1', b: '2' }],
      ['x?b=2/y', { b: '2' }],
      ['x/y', {}],
      ['x?b=2&a=1/y', null],
    ]);
  });

  describe('decoding', () => {
    check('notes://{id}', [
      ['notes://%2541', { id: '%41' }],
      ['notes://caf%c3%a9', { id: 'café' }],
      ['notes://café', { id: 'café' }],
      ['notes://a b', { id: 'a b' }],
      ['notes://%', null],
      ['notes://%4', null],
      ['notes://%zz', null],
      ['notes://%FF', null],
      ['notes://%C0%AE', null],
      ['notes://%ED%A0%80', null],
      ['notes://\ud800', null],
    ]);
    check('caf%C3%A9://{id}', [
      ['café://x', { id: 'x' }],
      ['caf%c3%a9://x', { id: 'x' }],
    ]);
  });

  describe('templates without variables', () => {
    check('', [
      ['', {}],
      ['x', null],
    ]);
    check('notes://index', [
      ['notes://index', {}],
      ['notes://index2', null],
      ['NOTES://index', null],
    ]);
  });

  it('returns null-prototype records, so a variable named __proto__ is a plain key', () => {
    const values = UriTemplate.parse('x{/__proto__,constructor}').match('x/a/b');
    // JSON.parse makes an own "__proto__" key; an object literal would set the prototype.
    expect(values).to.deep.equal(JSON.parse('{"__proto__":"a","constructor":"b"}'));
    expect(Object.getPrototypeOf(values)).to.equal(null);
    expect(({} as Record<string, unknown>).a).to.equal(undefined);
  });

  it('never throws on a non-string URI', () => {
    const t = UriTemplate.parse('notes://{id}');
    for (const bad of [undefined, null, 42, {}, ['notes://a']]) {
      expect(t.match(bad as unknown as string)).to.equal(null);
      expect(t.matchDetailed(bad as unknown as string)).to.include({ ok: false, reason: 'no-match' });
    }
  });

  it('returns a fresh record per match', () => {
    const t = UriTemplate.parse('notes://{id}');
    const a = t.match('notes://x') as UriTemplateValues;
    a.id = 'changed';
    expect(t.match('notes://x')).to.deep.equal({ id: 'x' });
  });
});
