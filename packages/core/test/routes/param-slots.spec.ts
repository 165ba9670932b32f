import { expect } from 'chai';
import type { RequestContext } from '../../src/context/request-context';
import { compileBinder, compileCall, type ParamSlot } from '../../src/routes/param-slots';

const ctx = { requestId: 1 } as unknown as RequestContext;
const arg = (name: string): ParamSlot => ({ kind: 'arg', name });
const SLOTS: ParamSlot[] = [arg('a'), { kind: 'ctx' }, { kind: 'whole' }, { kind: 'none' }, arg('constructor'), arg('b'), arg('c')];

/** What a handler method receives: `this` and every argument. */
function recorder(this: object, ...args: unknown[]): unknown {
  return { self: this, args };
}

/** `compileCall` passes a method exactly what `compileBinder` + `apply` would, at every arity. */
describe('compileCall', () => {
  for (let count = 0; count <= SLOTS.length; count++) {
    it(`calls with ${count} parameter(s) as bind + apply does`, () => {
      const slots = Object.freeze(SLOTS.slice(0, count));
      const instance = { name: 'handler' };
      const values = { a: 1, b: 'two' };
      const direct = compileCall(slots, recorder)(instance, values, ctx) as { self: object; args: unknown[] };
      const applied = recorder.apply(instance, compileBinder(slots)(values, ctx)) as { self: object; args: unknown[] };
      expect(direct.self).to.equal(instance);
      expect(direct.args).to.have.lengthOf(count);
      expect(direct.args).to.deep.equal(applied.args);
      direct.args.forEach((value, i) => expect(value).to.equal(applied.args[i]));
    });
  }

  it('reads only own arguments: an inherited name stays undefined, an own one is passed', () => {
    const call = compileCall(Object.freeze([arg('constructor'), arg('toString')]), recorder);
    expect((call({}, {}, ctx) as { args: unknown[] }).args).to.deep.equal([undefined, undefined]);
    const own = JSON.parse('{"constructor":"c","toString":3}') as Record<string, unknown>;
    expect((call({}, own, ctx) as { args: unknown[] }).args).to.deep.equal(['c', 3]);
  });

  it('fills ctx and the whole arguments object by identity', () => {
    const values = { a: 1 };
    const { args } = compileCall(Object.freeze([{ kind: 'whole' }, { kind: 'ctx' }] as ParamSlot[]), recorder)({}, values, ctx) as {
      args: unknown[];
    };
    expect(args[0]).to.equal(values);
    expect(args[1]).to.equal(ctx);
  });
});
