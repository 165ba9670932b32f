import { expect } from 'chai';
import { frozenCopy, frozenInPlace } from '../../src/metadata/frozen-copy';

describe('frozenCopy and frozenInPlace', () => {
  it('frozenCopy copies and freezes every object and array, keeping functions as they are', () => {
    const complete = (): string[] => [];
    const value = { a: { b: [1, { c: 2 }] }, complete };
    const copy = frozenCopy(value);
    expect(copy).to.deep.equal(value);
    expect(copy).to.not.equal(value);
    expect(copy.a.b).to.not.equal(value.a.b);
    expect(Object.isFrozen(copy) && Object.isFrozen(copy.a) && Object.isFrozen(copy.a.b) && Object.isFrozen(copy.a.b[1])).to.equal(true);
    expect(copy.complete).to.equal(complete);
    expect(Object.isFrozen(value.a)).to.equal(false);
  });

  it('frozenInPlace freezes the object itself and replaces its object values with frozen copies', () => {
    const options = { annotations: { readOnlyHint: true }, icons: [{ src: 'x' }] };
    const record = { kind: 'tool', method: 'm', options };
    const frozen = frozenInPlace(record);
    expect(frozen).to.equal(record);
    expect(Object.isFrozen(frozen)).to.equal(true);
    expect(frozen.options).to.not.equal(options);
    expect(frozen.options).to.deep.equal({ annotations: { readOnlyHint: true }, icons: [{ src: 'x' }] });
    expect(Object.isFrozen(frozen.options.annotations) && Object.isFrozen(frozen.options.icons[0])).to.equal(true);
    options.annotations.readOnlyHint = false;
    expect(frozen.options.annotations.readOnlyHint).to.equal(true);
  });
});
