import { expect } from 'chai';
import { ArmatureError } from '@armature/di';
import { SchemaCompiler } from '../../src/validation/schema-compiler';
import { issuesMessage } from '../../src/validation/issues-message';

describe('SchemaCompiler', () => {
  const compiler = new SchemaCompiler();
  const schema = {
    type: 'object',
    properties: {
      title: { type: 'string', minLength: 1 },
      tags: { type: 'array', items: { type: 'string' }, default: [] },
      email: { type: 'string', format: 'email' },
      kind: { enum: ['a', 'b'] },
      nested: { type: 'object', properties: { n: { type: 'integer', minimum: 0 } }, additionalProperties: false },
    },
    required: ['title'],
    additionalProperties: false,
  };
  const validate = compiler.compile(schema, 'test');

  it("applies defaults to a copy, never to the caller's object", () => {
    const args = { title: 't' };
    const verdict = validate(args);
    expect(verdict).to.deep.equal({ valid: true, value: { title: 't', tags: [] } });
    expect(args).to.deep.equal({ title: 't' });
  });

  it('names every failing field and why', () => {
    const verdict = validate({ tags: ['x', 3], email: 'nope', kind: 'c', nested: { n: -1, extra: 1 }, bogus: true });
    expect(verdict.valid).to.equal(false);
    if (verdict.valid) return;
    const lines = verdict.issues.map((i) => `${i.path}: ${i.message}`);
    expect(lines).to.include.members([
      'title: is required',
      'tags[1]: must be a string (got integer)',
      'email: must be a valid email',
      'kind: must be one of "a", "b"',
      'nested.n: must be >= 0',
      'bogus: is not an accepted argument; accepted: title, tags, email, kind, nested',
      'nested.extra: is not an accepted property; accepted: n',
    ]);
    const message = issuesMessage('tool "x"', verdict.issues);
    expect(message).to.match(/^Invalid arguments for tool "x":\n- /);
    expect(message).to.not.include('nope');
  });

  it('answers a value outside titled options (oneOf / items.anyOf of { const, title }) as one "must be one of" issue', () => {
    const titled = compiler.compile(
      {
        type: 'object',
        properties: {
          size: {
            type: 'string',
            oneOf: [
              { const: 's', title: 'Small' },
              { const: 'l', title: 'Large' },
            ],
          },
          extras: { type: 'array', items: { type: 'string', anyOf: [{ const: 'wifi', title: 'Wi-Fi' }, { const: 'meal' }] } },
          // A oneOf of schemas other than options keeps ajv's own wording.
          either: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        },
        additionalProperties: false,
      },
      'titled',
    );
    expect(titled({ size: 'l', extras: ['meal'] }).valid).to.equal(true);
    const verdict = titled({ size: 'Large', extras: ['wifi', 'bar'], either: true });
    expect(verdict.valid).to.equal(false);
    if (verdict.valid) return;
    expect(verdict.issues.map((i) => `${i.path}: ${i.message}`)).to.deep.equal([
      'size: must be one of "s", "l"',
      'extras[1]: must be one of "wifi", "meal"',
      'either: must be a string (got boolean)',
      'either: must be an integer (got boolean)',
      'either: must match exactly one schema in oneOf',
    ]);
  });

  it('words length limits for people and models', () => {
    const verdict = validate({ title: '' });
    expect(verdict.valid).to.equal(false);
    if (!verdict.valid) expect(verdict.issues).to.deep.equal([{ path: 'title', message: 'must be at least 1 character long' }]);
  });

  it('keeps hostile property names short and quoted', () => {
    const verdict = validate({ title: 't', ['a\nb'.repeat(50)]: 1 });
    expect(verdict.valid).to.equal(false);
    if (verdict.valid) return;
    expect(verdict.issues[0]?.path).to.match(/^"a\\nb.*\.\.\.$/);
    expect(verdict.issues[0]?.path.length).to.be.at.most(64);
  });

  it('treats __proto__ as an ordinary (unknown) argument', () => {
    const verdict = validate(JSON.parse('{"title":"t","__proto__":{"admin":true}}'));
    expect(verdict.valid).to.equal(false);
    expect(({} as Record<string, unknown>).admin).to.equal(undefined);
  });

  it('supports draft-07 schemas when $schema says so', () => {
    const v = compiler.compile(
      { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { type: 'number' } } },
      'd7',
    );
    expect(v({ a: 1 }).valid).to.equal(true);
    expect(v({ a: 'x' }).valid).to.equal(false);
  });

  it('refuses schemas that do not compile, naming where', () => {
    expect(() => compiler.compile({ type: 'object', properties: { a: { type: 'nonsense' } } }, 'X.y input schema'))
      .to.throw(ArmatureError, /X\.y input schema/)
      .with.property('code', 'ARM_ERR_INVALID_SCHEMA');
    expect(() => compiler.compile({ $schema: 'https://example.com/unknown' }, 'Z'))
      .to.throw(ArmatureError)
      .with.property('code', 'ARM_ERR_INVALID_SCHEMA');
  });
});
