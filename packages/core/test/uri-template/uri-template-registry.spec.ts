import { expect } from 'chai';
import { ArmatureError } from '@armature/di';
import { UriTemplate, UriTemplateRegistry } from '../../src/uri-template';

const p = (t: string) => UriTemplate.parse(t);

describe('UriTemplate.overlap / ambiguous', () => {
  const overlapping: readonly [string, string][] = [
    ['notes://{id}', 'notes://{slug}'],
    ['notes://{id}', 'notes://{id}{?rev}'],
    ['file:///{+path}', 'file:///{+path}.md'],
    ['file:///{+path}', 'file:///docs/{name}'],
    ['db://{schema}.{table}', 'db://{name}'],
    ['notes://{id}', 'notes://{id}{#section}'],
    ['x{/a*}', 'x{/b}{/c}'],
  ];
  for (const [a, b] of overlapping) {
    it(`${a} and ${b} overlap, with a URI both match`, () => {
      const example = UriTemplate.overlap(p(a), p(b));
      expect(example).to.be.a('string');
      expect(UriTemplate.ambiguous(p(a), p(b))).to.equal(true);
      expect(UriTemplate.overlap(p(b), p(a))).to.be.a('string');
      const both = UriTemplate.parse(a, { allowUnsafeValues: true }).match(example as string) !== null;
      expect(both && UriTemplate.parse(b, { allowUnsafeValues: true }).match(example as string) !== null, example as string).to.equal(true);
    });
  }

  const disjoint: readonly [string, string][] = [
    ['notes://{id}', 'notes://{id}/history'],
    ['users://{id}/profile', 'users://{id}/posts'],
    ['notes://{id}', 'tags://{id}'],
    ['file:///{+path}', 'notes://{id}'],
    ['x/{a}', 'x.{b}'],
    ['notes://{id}', 'notes://{id}?x=1'],
    ['{;a}', '{;b}x'],
  ];
  for (const [a, b] of disjoint) {
    it(`${a} and ${b} do not overlap`, () => {
      expect(UriTemplate.overlap(p(a), p(b))).to.equal(null);
      expect(UriTemplate.ambiguous(p(b), p(a))).to.equal(false);
    });
  }

  it('takes template text as well', () => {
    expect(UriTemplate.ambiguous('notes://{id}', 'notes://{slug}')).to.equal(true);
    expect(UriTemplate.ambiguous('notes://{id}', p('notes://{id}/history'))).to.equal(false);
  });

  it('finds the shortest example', () => {
    expect(UriTemplate.overlap(p('notes://{id}'), p('notes://{id}{?rev}'))).to.equal('notes://');
    expect(UriTemplate.overlap(p('file:///{+path}'), p('file:///{+path}.md'))).to.equal('file:///.md');
  });
});

describe('UriTemplateRegistry', () => {
  it('looks up more literal characters first, then fewer {+…}, then registration order', () => {
    const r = new UriTemplateRegistry<string>();
    r.add('files://{+path}', 'any');
    r.add('files://{name}', 'name');
    r.add('files://readme/{+rest}', 'readme');
    r.add('files://{+path}.md', 'markdown');
    expect(r.entries.map((e) => e.value)).to.deep.equal(['readme', 'markdown', 'name', 'any']);
    expect(r.match('files://readme/a/b')?.entry.value).to.equal('readme');
    expect(r.match('files://a/b.md')?.values).to.deep.equal({ path: 'a/b' });
    expect(r.match('files://note')?.entry.value).to.equal('name');
    expect(r.match('files://a/b')?.entry.value).to.equal('any');
  });

  it('is independent of registration order when specificity differs', () => {
    const a = new UriTemplateRegistry<number>();
    const b = new UriTemplateRegistry<number>();
    const templates = ['x://{+p}', 'x://{a}', 'x://{a}/b', 'x://c/{+p}'];
    templates.forEach((t, i) => a.add(t, i));
    [...templates].reverse().forEach((t) => b.add(t, templates.indexOf(t)));
    expect(a.entries.map((e) => e.value)).to.deep.equal(b.entries.map((e) => e.value));
  });

  it('reports every overlapping pair and refuses them with ARM_ERR_AMBIGUOUS_TEMPLATE', () => {
    const r = new UriTemplateRegistry<string>();
    r.add('notes://{id}', 'note');
    r.add('notes://{id}/history', 'history');
    expect(r.conflicts()).to.deep.equal([]);
    expect(() => r.assertUnambiguous()).not.to.throw();
    r.add('notes://{slug}{?rev}', 'rev');
    const conflicts = r.conflicts();
    expect(conflicts.map((c) => [c.a.value, c.b.value])).to.deep.equal([['note', 'rev']]);
    try {
      r.assertUnambiguous();
      expect.fail('expected assertUnambiguous to throw');
    } catch (e) {
      expect(e).to.be.instanceOf(ArmatureError);
      expect((e as ArmatureError).code).to.equal('ARM_ERR_AMBIGUOUS_TEMPLATE');
      expect((e as ArmatureError).message).to.include('"notes://{id}" and "notes://{slug}{?rev}" both match "notes://"');
    }
  });

  it('refuses a template that is ambiguous on its own', () => {
    const r = new UriTemplateRegistry<string>();
    r.add('files://{name}{.ext}', 'x');
    expect(() => r.assertUnambiguous()).to.throw(ArmatureError, /\{name\} and \{\.ext\}/);
  });

  it('applies each template its own safety checks and reports the most severe refusal', () => {
    const r = new UriTemplateRegistry<string>();
    r.add('files://{name}', 'strict');
    r.add(UriTemplate.parse('files://{+path}', { allowUnsafeValues: true }), 'raw');
    expect(r.match('files://..')?.entry.value).to.equal('raw');
    const strictOnly = new UriTemplateRegistry<string>();
    strictOnly.add('files://{name}', 'strict');
    strictOnly.add('other://{x}', 'other');
    expect(strictOnly.matchDetailed('files://%2e%2e')).to.deep.include({ ok: false, reason: 'unsafe-value', check: 'dot-segment' });
    expect(strictOnly.matchDetailed('nothing://x')).to.deep.include({ ok: false, reason: 'no-match' });
    expect(strictOnly.matchDetailed('files://%zz')).to.deep.include({ ok: false, reason: 'no-match' });
    expect(strictOnly.matchDetailed(`files://${'a'.repeat(9000)}`)).to.deep.include({ ok: false, reason: 'too-long' });
  });

  it('removes entries by entry or by template text', () => {
    const r = new UriTemplateRegistry<string>();
    const a = r.add('a://{x}', 'a');
    r.add('b://{x}', 'b');
    expect(r.remove(a)).to.equal(true);
    expect(r.remove('b://{x}')).to.equal(true);
    expect(r.remove('c://{x}')).to.equal(false);
    expect(r.entries).to.deep.equal([]);
    expect(r.match('a://1')).to.equal(null);
  });

  it('never throws on hostile lookups', () => {
    const r = new UriTemplateRegistry<string>();
    r.add('a://{x}', 'a');
    for (const bad of [undefined, 42, '\ud800', 'a://%', 'a://\u0000']) {
      expect(r.matchDetailed(bad as string).ok).to.equal(false);
    }
  });
});
