import 'reflect-metadata';

/**
 * `Reflect.getMetadata(key, target, property)`, with less work in the usual case. The full
 * lookup walks the prototype chain through `Function.prototype` / `Object.prototype` (which
 * nobody decorates), with several registry look-ups per step: a 1,001-tool boot asks some
 * 8,000 times. A target with metadata of its own, or one that inherits from nothing but those
 * built-ins, is answered from its own metadata; anything else (a subclass, ES5 heritage that
 * reflect-metadata guesses) takes the full lookup.
 */
export function inheritedMetadata(key: unknown, target: object, property?: string | symbol): unknown {
  const own: unknown = property === undefined ? Reflect.getOwnMetadata(key, target) : Reflect.getOwnMetadata(key, target, property);
  if (own !== undefined || inheritsOnlyBuiltIns(target)) return own;
  return property === undefined ? Reflect.getMetadata(key, target) : Reflect.getMetadata(key, target, property);
}

/** A plain prototype, or a class that extends nothing (also by reflect-metadata's ES5 heuristic). */
function inheritsOnlyBuiltIns(target: object): boolean {
  const parent: unknown = Object.getPrototypeOf(target);
  if (typeof target !== 'function') return parent === Object.prototype || parent === null;
  if (parent !== Function.prototype) return false;
  const prototype: unknown = (target as { prototype?: unknown }).prototype;
  const prototypeParent: unknown = typeof prototype === 'object' && prototype !== null ? Object.getPrototypeOf(prototype) : null;
  return prototypeParent === null || prototypeParent === Object.prototype;
}
