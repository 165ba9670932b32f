import { expect } from 'chai';
import { redactArguments, REDACTED } from '../../src/audit/redaction';

describe('redactArguments', () => {
  it('replaces values at nested, item and map paths, and shares what no path reaches', () => {
    const args = {
      user: 'ada',
      password: 'p',
      account: { id: 1, credentials: { user: 'a', password: 'q' } },
      history: [{ user: 'b', password: 'r' }, { user: 'c' }],
      keys: { main: { password: 's' }, spare: { password: 't' } },
      untouched: { deep: [1, 2] },
    };
    const before = structuredClone(args);
    const out = redactArguments(args, [
      '/password',
      '/account/credentials/password',
      '/history/*/password',
      '/keys/*/password',
    ]) as typeof args;
    expect(out).to.deep.equal({
      user: 'ada',
      password: REDACTED,
      account: { id: 1, credentials: { user: 'a', password: REDACTED } },
      history: [{ user: 'b', password: REDACTED }, { user: 'c' }],
      keys: { main: { password: REDACTED }, spare: { password: REDACTED } },
      untouched: { deep: [1, 2] },
    });
    expect(args).to.deep.equal(before);
    expect(out.untouched).to.equal(args.untouched);
  });

  it('reads escaped pointer segments, a numeric index, and a whole-value path', () => {
    expect(redactArguments({ 'a/b': 1, 'c~d': 2, e: 3 }, ['/a~1b', '/c~0d'])).to.deep.equal({ 'a/b': REDACTED, 'c~d': REDACTED, e: 3 });
    expect(redactArguments({ pair: ['x', 'y'] }, ['/pair/1'])).to.deep.equal({ pair: ['x', REDACTED] });
    expect(redactArguments({ tree: { children: [{ secret: 1 }] } }, ['/tree/children'])).to.deep.equal({ tree: { children: REDACTED } });
  });

  it('leaves values of the wrong shape and missing keys alone, and keeps __proto__ an own key', () => {
    expect(redactArguments({ history: 'none' }, ['/history/*/password'])).to.deep.equal({ history: 'none' });
    expect(redactArguments({ user: 'a' }, ['/password'])).to.deep.equal({ user: 'a' });
    const hostile = JSON.parse('{"__proto__":{"password":"x"}}') as Record<string, unknown>;
    const out = redactArguments(hostile, ['/__proto__/password']) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).to.equal(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).to.deep.equal({ password: REDACTED });
  });

  it('returns the arguments themselves without paths', () => {
    const args = { a: 1 };
    expect(redactArguments(args, undefined)).to.equal(args);
    expect(redactArguments(args, [])).to.equal(args);
  });

  it('redacts the whole arguments object at the empty pointer (a decorated DTO parameter), whatever other paths say', () => {
    const args = { user: 'ada', password: 'p' };
    expect(redactArguments(args, ['', '/password'])).to.equal(REDACTED);
    expect(args).to.deep.equal({ user: 'ada', password: 'p' });
  });
});
