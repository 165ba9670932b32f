import { expect } from 'chai';
import fc from 'fast-check';
import { UriTemplate, type UriTemplateValues } from '../../src/uri-template';
import { expand, type UriTemplateExpandValues } from './support/expand';

const RUNS = { numRuns: 300 };

/** Whether a string has no lone surrogate (String#isWellFormed is past our ES2022 lib). */
const wellFormed = (s: string): boolean => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

/** Any well-formed string, biased towards the characters that delimit and encode. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }).filter(wellFormed),
  fc.string({ unit: fc.constantFrom(..."/?#[]@!$&'()*+,;=%.:-_~ aZ09é😀\\"), maxLength: 12 }),
);
const without = (chars: string) => anyText.filter((s) => ![...chars].some((c) => s.includes(c)));
const list = fc.array(anyText, { minLength: 1, maxLength: 5 });

/**
 * Templates with value domains on which expand-then-match gives the values back. The
 * domains leave out what the documented matching rules make ambiguous: raw `%`, `?`, `#`
 * in reserved values (pct-triplets pass through expansion, delimiters end components),
 * and separators that the greedy/lazy rules would move to a neighbouring variable.
 */
const ROUND_TRIPS: readonly (readonly [string, fc.Arbitrary<UriTemplateExpandValues>])[] = [
  ['notes://{id}', fc.record({ id: anyText })],
  ['notes://{a}/{b}', fc.record({ a: anyText, b: anyText })],
  ['{x,y,z}', fc.record({ x: anyText, y: anyText, z: anyText })],
  ['notes://{id}{?q,limit}', fc.record({ id: anyText, q: anyText, limit: anyText }, { requiredKeys: ['id'] })],
  ['file:///{+path}', fc.record({ path: without('%?#') })],
  ['file:///{+path}{?rev}', fc.record({ path: without('%?#'), rev: anyText })],
  ['notes://{id}{#frag}', fc.record({ id: anyText, frag: without('%#') })],
  ['/users{/segs*}', fc.record({ segs: list })],
  ['{/list*,last}', fc.record({ list, last: anyText })],
  ['x{;a,b}', fc.record({ a: anyText, b: anyText }, { requiredKeys: [] })],
  ['x{;tags*}', fc.record({ tags: list })],
  // {?tags*} is required: RFC 6570 expands {?a}{&b} with a undefined to "&b=…", no "?".
  ['x{?tags*}{&n}', fc.record({ tags: list, n: anyText }, { requiredKeys: ['tags'] })],
  ['db://{schema}.{table}', fc.record({ schema: anyText, table: without('.') })],
  ['{.x,y}', fc.record({ x: without('.'), y: anyText })],
  ['{/v:3}', fc.record({ v: fc.string({ unit: 'grapheme', maxLength: 3 }).filter((s) => [...s].length <= 3) })],
];

describe('UriTemplate properties (fast-check)', () => {
  describe('expand then match returns the values', () => {
    for (const [template, values] of ROUND_TRIPS) {
      it(template, () => {
        const t = UriTemplate.parse(template, { allowUnsafeValues: true });
        fc.assert(
          fc.property(values, (v) => {
            const uri = expand(t, v);
            expect(t.match(uri), uri).to.deep.equal(v);
          }),
          RUNS,
        );
      });
    }
  });

  const FUZZED = [
    'notes://{id}',
    'file:///{+path}',
    'file://{+path}{?rev}',
    'x{a}x{b}x{c}',
    '{a}.{b}.{c}',
    '/users{/id*}',
    '{/a,b}{/c}',
    'x{;a,b*}',
    'search{?q,limit}{&tag*}',
    '{#f,g}',
    '{.a*}',
    '{x:2}-{y}',
    '{/v:1,v}',
    '?fixed=yes{&x}',
    '{a}{b}',
  ];
  const uriLike = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc
      .tuple(
        fc.constantFrom('', 'notes://', 'file:///', 'file://', 'x', '/users', 'search', '?fixed=yes'),
        fc.string({ unit: fc.constantFrom(...'ab/.%2eEFC5,;=?&#:x-0\\ é\u0000'), maxLength: 60 }),
      )
      .map(([head, body]) => head + body),
  );
  // Expansions of random values, then up to three random edits: mostly accepted URIs and near misses.
  const nearMiss = (t: UriTemplate): fc.Arbitrary<string> =>
    fc
      .tuple(
        fc.dictionary(fc.constantFrom(...t.variables), fc.oneof(anyText, list)),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...'/.%,;=?&#x\\'), fc.boolean()), { maxLength: 3 }),
      )
      .map(([values, edits]) =>
        edits.reduce(
          (u, [i, ch, del]) => {
            const at = i % (u.length + 1);
            return del ? u.slice(0, at) + u.slice(at + 1) : u.slice(0, at) + ch + u.slice(at);
          },
          expand(t, values),
        ),
      );
  const unsafe = (s: string): boolean =>
    /[\u0000-\u001f\u007f-\u009f\\]/.test(s) || s.split('/').some((seg) => seg === '.' || seg === '..') || /^[A-Za-z]:(\/|$)/.test(s);

  for (const template of FUZZED) {
    it(`${template}: arbitrary input never throws, and accepted values are safe and stable`, () => {
      const t = UriTemplate.parse(template);
      fc.assert(
        fc.property(fc.oneof(uriLike, nearMiss(t)), (uri) => {
          const r = t.matchDetailed(uri);
          if (!r.ok) {
            expect(['no-match', 'too-long', 'unsafe-value']).to.include(r.reason);
            expect(r.detail).to.be.a('string');
            return;
          }
          for (const value of Object.values(r.values)) {
            for (const item of typeof value === 'string' ? [value] : value) {
              expect(item).to.be.a('string');
              expect(unsafe(item), JSON.stringify(item)).to.equal(false);
            }
          }
          // Matching what we expand from a match gives the same values (no double decoding).
          if (!/[+#:]/.test(template)) expect(t.match(expand(t, r.values))).to.deep.equal(r.values);
        }),
        RUNS,
      );
    });
  }

  it('values never keep a pct-triplet that came from the URI (decoded exactly once)', () => {
    const t = UriTemplate.parse('notes://{id}');
    fc.assert(
      fc.property(anyText, (s) => {
        const once = t.match(`notes://${encodeURIComponent(s.replace(/[\u0000-\u001f\u007f-\u009f/\\.]/g, 'x'))}`);
        const twice = t.match(`notes://${encodeURIComponent(encodeURIComponent('x' + s))}`);
        if (once) expect(once.id).to.equal(s.replace(/[\u0000-\u001f\u007f-\u009f/\\.]/g, 'x'));
        if (twice) expect(twice.id).to.equal(encodeURIComponent('x' + s));
        return true;
      }),
      RUNS,
    );
  });

  it('match(uri) agrees with matchDetailed(uri)', () => {
    const t = UriTemplate.parse('search{?q,limit}{&tag*}');
    fc.assert(
      fc.property(uriLike, (uri) => {
        const r = t.matchDetailed(uri);
        const m: UriTemplateValues | null = t.match(uri);
        expect(m).to.deep.equal(r.ok ? r.values : null);
      }),
      RUNS,
    );
  });
});
