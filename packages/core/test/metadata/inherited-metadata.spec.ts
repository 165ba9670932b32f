import 'reflect-metadata';
import { expect } from 'chai';
import { inheritedMetadata } from '../../src/metadata/inherited-metadata';

const KEY = Symbol('test.key');

describe('inheritedMetadata', () => {
  it('answers like Reflect.getMetadata for classes, prototypes and methods, own or inherited', () => {
    class Base {
      m(): void {}
    }
    class Sub extends Base {
      n(): void {}
    }
    class Plain {
      m(): void {}
    }
    Reflect.defineMetadata(KEY, 'base-class', Base);
    Reflect.defineMetadata(KEY, 'base-m', Base.prototype, 'm');
    Reflect.defineMetadata(KEY, 'sub-n', Sub.prototype, 'n');
    const cases: [object, string | undefined][] = [
      [Base, undefined],
      [Sub, undefined],
      [Plain, undefined],
      [Base.prototype, 'm'],
      [Sub.prototype, 'm'],
      [Sub.prototype, 'n'],
      [Plain.prototype, 'm'],
      [Object.create(null) as object, 'x'],
    ];
    for (const [target, property] of cases) {
      const expected: unknown = property === undefined ? Reflect.getMetadata(KEY, target) : Reflect.getMetadata(KEY, target, property);
      expect(inheritedMetadata(KEY, target, property)).to.equal(expected);
    }
    expect(inheritedMetadata(KEY, Sub)).to.equal('base-class');
    expect(inheritedMetadata(KEY, Sub.prototype, 'm')).to.equal('base-m');
    expect(inheritedMetadata(KEY, Plain)).to.equal(undefined);
  });

  it('follows ES5-style heritage (prototype chain without __proto__ on the constructor) as reflect-metadata guesses it', () => {
    function Parent(): void {}
    function Child(): void {}
    Child.prototype = Object.create(Parent.prototype as object) as object;
    (Child.prototype as { constructor: unknown }).constructor = Child;
    Reflect.defineMetadata(KEY, 'parent', Parent);
    expect(inheritedMetadata(KEY, Child)).to.equal(Reflect.getMetadata(KEY, Child)).and.to.equal('parent');
  });
});
