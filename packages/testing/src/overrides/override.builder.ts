import type { ClassProvider, FactoryDependency, FactoryProvider, Scope, Token, Type, ValueProvider } from '@armature/di';

/** The replacements `override(token)` offers, each typed by the token. */
export interface OverrideBy<T> {
  /** Replace the provider with this value (shared; no lifecycle hooks run on it). */
  useValue(value: T): ValueProvider<T>;
  /** Replace the provider with a factory; `inject` lists its arguments in order. */
  useFactory(factory: (...args: never[]) => T | Promise<T>, inject?: readonly FactoryDependency[], scope?: Scope): FactoryProvider<T>;
  /** Replace the provider with instances of another class. */
  useClass(type: Type<T>, scope?: Scope): ClassProvider<T>;
}

/**
 * Starts a typed provider override, in the manner of NestJS's `overrideProvider(token)`:
 * `override(WeatherClient).useValue(fake)` checks that `fake` fits `WeatherClient`, which a
 * plain `{ provide, useValue }` in an array of providers does not.
 */
export function override<T>(token: Token<T>): OverrideBy<T> {
  return {
    useValue: (value) => ({ provide: token, useValue: value }),
    useFactory: (factory, inject, scope) => ({
      provide: token,
      useFactory: factory,
      ...(inject === undefined ? {} : { inject }),
      ...(scope === undefined ? {} : { scope }),
    }),
    useClass: (type, scope) => ({ provide: token, useClass: type, ...(scope === undefined ? {} : { scope }) }),
  };
}
