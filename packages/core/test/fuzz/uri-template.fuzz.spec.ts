import { expect } from 'chai';
import fc from 'fast-check';
import { ArmatureError } from '@armature/di';
import { UriTemplate } from '../../src/uri-template/uri-template';
import { fuzzRuns, fuzzSeed, fuzzTimeout } from './support/fuzz-runs';

const RUNS = fuzzRuns(400);
const params = { numRuns: RUNS, ...fuzzSeed() };

/** Multi-variable templates of every operator the matcher supports, with their one-segment variables. */
const TEMPLATES: readonly (readonly [UriTemplate, ReadonlySet<string>])[] = (
  [
    ['notes://{id}', ['id']],
    ['files://{+path}', []],
    ['repo://{owner}/{repo}/blob/{ref}/{+path}', ['owner', 'repo', 'ref']],
    ['api://v1{/segments*}{?q,limit}', ['segments']],
    ['x://{a}.{b}{#frag}', ['a', 'b']],
    ['db://{table}/{id}{;version}{?fields*}', ['table', 'id']],
    ['mail://{user}@{host}/{folder}', ['user', 'host', 'folder']],
  ] as const
).map(([text, segments]) => [UriTemplate.parse(text), new Set<string>(segments)] as const);

/** Text rich in what attacks templates: separators, dots, percent-encodings of them, controls. */
const hostileText = fc.string({
  unit: fc.constantFrom(
    'a',
    'Z',
    '9',
    '.',
    '..',
    '/',
    '\\',
    '%2e',
    '%2E%2e',
    '%2f',
    '%2F',
    '%5c',
    '%00',
    '%',
    '%zz',
    '?',
    '#',
    '&',
    '=',
    ';',
    ',',
    '@',
    ':',
    '~',
    ' ',
    '\u0000',
    '\u001f',
    '\u007f',
    '\u0085',
    'é',
    '%C3%A9',
    '%FF',
    '😀',
    'C:',
    '//',
  ),
  maxLength: 40,
});

const uri = fc.oneof(
  hostileText,
  fc
    .tuple(fc.constantFrom('notes://', 'files://', 'repo://o/r/blob/', 'api://v1/', 'x://', 'db://', 'mail://'), hostileText)
    .map(([p, s]) => p + s),
);

/** What no value may contain after matching with default options. */
function unsafe(value: string, segment: boolean): string | undefined {
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return 'control character';
  if (value.split(/[/\\]/).some((s) => s === '.' || s === '..')) return 'dot segment';
  if (value.includes('\\')) return 'backslash';
  if (/^([/\\]|[A-Za-z]:([/\\]|$))/.test(value)) return 'absolute path';
  if (segment && value.includes('/')) return 'separator inside one segment';
  return undefined;
}

function values(result: Readonly<Record<string, string | readonly string[]>>): [string, string][] {
  return Object.entries(result).flatMap(([name, v]) =>
    typeof v === 'string' ? [[name, v] as [string, string]] : v.map((item) => [name, item] as [string, string]),
  );
}

describe('fuzz: URI template matching', function () {
  this.timeout(fuzzTimeout(RUNS, 5));

  it('never throws, and with default options lets no unsafe value through', () => {
    fc.assert(
      fc.property(uri, (candidate) => {
        for (const [template, segments] of TEMPLATES) {
          const result = template.match(candidate);
          if (result === null) continue;
          for (const [name, value] of values(result)) {
            const problem = unsafe(value, segments.has(name));
            expect(problem, `${template.template} accepted ${JSON.stringify(candidate)} with ${JSON.stringify(value)}`).to.equal(undefined);
          }
        }
      }),
      params,
    );
  });

  it('terminates on adversarial URIs: up to 8 KiB matched in one pass, beyond refused unread as too long', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('a', '/', '%2', '%2e', '{', '.', 'a/', '@', '?q=', '&'),
        fc.integer({ min: 1, max: 65_536 }),
        (unit, length) => {
          const long = `repo://o/r/blob/${unit.repeat(Math.ceil(length / unit.length))}`;
          for (const [template] of TEMPLATES) {
            const outcome = template.matchDetailed(long);
            if (long.length > 8192) expect(outcome).to.deep.include({ ok: false, reason: 'too-long' });
            else expect(outcome.ok === true || outcome.ok === false).to.equal(true);
          }
        },
      ),
      { ...params, numRuns: Math.min(RUNS, 60) },
    );
  });

  it('parses arbitrary template text or refuses it with ARM_ERR_*; what parses never throws on match', () => {
    const templateText = fc.string({
      unit: fc.constantFrom('{', '}', 'a', 'b', ',', '+', '#', '/', '.', ';', '?', '&', '*', ':', '3', '%', '20', '=', '|', '!', 'x://'),
      maxLength: 24,
    });
    fc.assert(
      fc.property(templateText, uri, (text, candidate) => {
        let template: UriTemplate;
        try {
          template = UriTemplate.parse(text);
        } catch (error) {
          expect(error).to.be.instanceOf(ArmatureError);
          expect((error as ArmatureError).code).to.match(/^ARM_ERR_/);
          return;
        }
        const result = template.match(candidate);
        expect(result === null || typeof result === 'object').to.equal(true);
      }),
      params,
    );
  });
});
