import type { ForwardRef } from '../tokens/forward-ref';
import type { Token } from '../tokens/token';
import type { Type } from '../tokens/type';
import type { ContextScope, Scope } from './scope';

/** `{ provide, useClass }`: instances of another class under this token. */
export interface ClassProvider<T = unknown> {
  readonly provide: Token<T>;
  readonly useClass: Type<T>;
  /** Overrides the class's `@Injectable({ scope })`. */
  readonly scope?: Scope;
}

/** `{ provide, useValue }`: a ready value, shared as a singleton. Lifecycle hooks are not called on it. */
export interface ValueProvider<T = unknown> {
  readonly provide: Token<T>;
  readonly useValue: T;
}

/** An entry of a factory's `inject` list: a token, or a token marked optional. */
export type FactoryDependency = Token | ForwardRef | { readonly token: Token | ForwardRef; readonly optional?: boolean };

/** `{ provide, useFactory, inject }`: the factory's result (or awaited promise) under this token. */
export interface FactoryProvider<T = unknown> {
  readonly provide: Token<T>;
  /** Receives the `inject` entries, in order; may be async. */
  readonly useFactory: (...args: never[]) => T | Promise<T>;
  readonly inject?: readonly FactoryDependency[];
  readonly scope?: Scope;
}

/** `{ provide, useExisting }`: an alias; resolves to the very instance of the other token. */
export interface ExistingProvider<T = unknown> {
  readonly provide: Token<T>;
  readonly useExisting: Token<T> | ForwardRef<T>;
}

/**
 * `{ provide, scope, fromContext: true }`: a value the caller seeds into each resolution
 * context with `ctx.provide(token, value)` (the MCP kernel seeds its RequestContext this way).
 */
export interface ContextProvider<T = unknown> {
  readonly provide: Token<T>;
  readonly scope: ContextScope;
  readonly fromContext: true;
}

/** Anything a module's `providers` list accepts: a class, or one of the provider objects. */
export type Provider<T = unknown> =
  Type<T> | ClassProvider<T> | ValueProvider<T> | FactoryProvider<T> | ExistingProvider<T> | ContextProvider<T>;
