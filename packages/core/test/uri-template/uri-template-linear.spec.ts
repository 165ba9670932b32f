import { expect } from 'chai';
import { compileTemplate } from '../../src/uri-template/uri-template-compiler';
import { matchCompiled } from '../../src/uri-template/uri-template-matcher';
import type { WorkCounter } from '../../src/uri-template/uri-normalizer';

const KIB64 = 64 * 1024;

/** Builds a URI of about `n` characters: head + body repeated + tail. */
type Adversary = (n: number) => string;
const fill =
  (head: string, body: string, tail = ''): Adversary =>
  (n) =>
    head + body.repeat(Math.max(1, Math.floor((n - head.length - tail.length) / body.length))) + tail;

// Shapes that make backtracking matchers (and regexes with nested quantifiers) explode:
// long runs of the separator a variable may also contain, almost-matches that fail at
// the very end, the exploded-list payload of CVE-2026-0621, adjacent variables.
const CASES: readonly (readonly [template: string, adversary: Adversary])[] = [
  ['x{a}x{b}x{c}', fill('', 'x')],
  ['x{a}x{b}x{c}', fill('', 'x', '!')],
  ['x{a}x{b}x{c}', fill('x', 'xa')],
  ['{a}.{b}.{c}.{d}', fill('', '.')],
  ['{a}.{b}.{c}.{d}', fill('', 'a.', '/')],
  ['{a}-{b}-{c}-{d}', fill('', '-', '#')],
  ['{a}{b}{c}', fill('', 'a')],
  ['{a}{b}{c}', fill('', 'a', '/')],
  ['{/id*}', fill('/', 'user1,user2,user3,', 'userX/')],
  ['{/id*}', fill('', '/')],
  ['{+a}/{+b}/{+c}', fill('', '/', '?')],
  ['{+x,y,z}', fill('', ',')],
  ['{#a,b,c}', fill('#', ',/')],
  ['{.a*}', fill('', '.')],
  ['{.a,b,c}', fill('', '.', '/')],
  ['{;a,b,c}', fill('', ';a=')],
  ['{/a}{/b}{/c}{/d}', fill('', '/a')],
  ['x{?a,b,c}{&d*}', fill('x?', 'd=1&', '#')],
  ['x{a}x', fill('x', '%41', 'x')],
  ['x{a}x', fill('x', '%4', 'x')],
  ['notes://{id}{?q}', fill('notes://', 'a%C3%A9', '?q=1&q=2')],
  ['file:///{+path}.md', fill('file:///', '.md')],
];

function work(template: string, uri: string): { steps: number; size: number } {
  const compiled = compileTemplate(template, { maxUriLength: 1 << 20 });
  const counter: WorkCounter = { steps: 0 };
  const result = matchCompiled(compiled, uri, counter);
  expect(result).to.have.property('ok').that.is.a('boolean');
  return { steps: counter.steps, size: compiled.program.size };
}

describe('UriTemplate matching is linear (step counts, no clocks)', () => {
  for (const [template, adversary] of CASES) {
    const uri = adversary(KIB64);
    it(`${template} on ${JSON.stringify(uri.slice(0, 24))}… (${uri.length} chars)`, () => {
      const { steps, size } = work(template, uri);
      // The Pike VM visits each instruction at most twice per character; normalization
      // and extraction read the URI once each. A backtracking matcher needs far more.
      expect(steps).to.be.at.most((2 * size + 3) * (uri.length + 1));
      expect(steps / uri.length).to.be.below(200);
      // Doubling the input at most doubles the work (plus slack for the constant part).
      const half = work(template, adversary(KIB64 / 2)).steps;
      expect(steps).to.be.at.most(2.1 * half + 1000);
    });
  }

  it('refuses a 64 KiB URI under the default limit without scanning it', () => {
    const compiled = compileTemplate('x{a}x{b}x{c}');
    const counter: WorkCounter = { steps: 0 };
    expect(matchCompiled(compiled, 'x'.repeat(KIB64), counter)).to.deep.include({ ok: false, reason: 'too-long' });
    expect(counter.steps).to.equal(0);
  });

  it('counts work proportional to input across sizes for a fixed template', () => {
    const sizes = [1024, 4096, 16384, 65536];
    const perChar = sizes.map((n) => work('{a}.{b}.{c}.{d}', '.'.repeat(n)).steps / n);
    const spread = Math.max(...perChar) / Math.min(...perChar);
    expect(spread).to.be.below(1.1);
  });
});
