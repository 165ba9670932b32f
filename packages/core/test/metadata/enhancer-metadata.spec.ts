import 'reflect-metadata';
import { expect } from 'chai';
import { appendOn, classThenMethod, methodOrClass, setMetadataOn } from '../../src/metadata/enhancer-metadata';

describe('enhancer metadata lookups', () => {
  it('finds class then method lists, inherited, once a decorator has recorded the key', () => {
    const KEY = Symbol('test.list');
    @appendOn(KEY, ['class-a'])
    class Base {
      @appendOn(KEY, ['method-b'])
      run(): void {}
    }
    class Sub extends Base {}
    expect(classThenMethod(KEY, Base, 'run')).to.deep.equal(['class-a', 'method-b']);
    expect(classThenMethod(KEY, Sub, 'run')).to.deep.equal(['class-a', 'method-b']);
    expect(classThenMethod(KEY, Base, 'other')).to.deep.equal(['class-a']);
  });

  it('prefers the method value to the class value for single values', () => {
    const KEY = Symbol('test.single');
    @setMetadataOn(KEY, 'on-class')
    class Handlers {
      @setMetadataOn(KEY, 'on-method')
      a(): void {}
      b(): void {}
    }
    expect(methodOrClass(KEY, Handlers, 'a')).to.equal('on-method');
    expect(methodOrClass(KEY, Handlers, 'b')).to.equal('on-class');
  });

  it('skips the lookup for a key no decorator recorded (metadata written around the decorators is not read)', () => {
    const KEY = Symbol('test.unrecorded');
    class Handlers {
      run(): void {}
    }
    Reflect.defineMetadata(KEY, ['set-directly'], Handlers);
    expect(classThenMethod(KEY, Handlers, 'run')).to.deep.equal([]);
    expect(methodOrClass(KEY, Handlers, 'run')).to.equal(undefined);
  });

  it('shares the recorded keys through globalThis, so a second copy of core sees them', () => {
    const KEY = Symbol.for('armature.test.shared-key');
    class Handlers {
      @appendOn(KEY, ['x'])
      run(): void {}
    }
    const shared = (globalThis as Record<symbol, unknown>)[Symbol.for('armature.recorded-metadata-keys')];
    expect(shared).to.be.instanceOf(Set);
    expect((shared as Set<unknown>).has(KEY)).to.equal(true);
    expect(classThenMethod(KEY, Handlers, 'run')).to.deep.equal(['x']);
  });
});
