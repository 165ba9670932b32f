import { diError } from '../errors/di-error';

/** A stand-in for an instance that does not exist yet, and the way to supply it. */
export interface ForwardProxy {
  readonly proxy: object;
  fill(value: unknown): void;
}

/**
 * Makes the lazy proxy injected for a forwardRef edge inside a dependency cycle. Every
 * operation is forwarded to the real instance once `fill` has run; before that, reading a
 * property throws `ARM_ERR_FORWARD_REF_NOT_READY` (except `then` and symbols, which read as
 * undefined so that awaiting or inspecting the proxy does not throw). Methods are bound to
 * the real instance, so `#private` fields work through the proxy.
 */
export function forwardProxy(notReady: () => string): ForwardProxy {
  let real: object | undefined;
  const bound = new WeakMap<Function, Function>();
  const target = (): object => {
    if (real === undefined) throw diError('ARM_ERR_FORWARD_REF_NOT_READY', notReady());
    return real;
  };
  const proxy = new Proxy(Object.create(null) as object, {
    get(_, key) {
      if (real === undefined && (key === 'then' || typeof key === 'symbol')) return undefined;
      const value: unknown = Reflect.get(target(), key);
      if (typeof value !== 'function') return value;
      let fn = bound.get(value);
      if (!fn) bound.set(value, (fn = value.bind(real)));
      return fn;
    },
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getPrototypeOf: () => (real === undefined ? null : Reflect.getPrototypeOf(real)),
    getOwnPropertyDescriptor(_, key) {
      const d = Reflect.getOwnPropertyDescriptor(target(), key);
      // The proxy target is a blank object, so the proxy may not report non-configurable properties.
      return d && { ...d, configurable: true };
    },
    defineProperty: (_, key, d) => Reflect.defineProperty(target(), key, d),
  });
  return {
    proxy,
    fill(value) {
      real = value as object;
    },
  };
}
