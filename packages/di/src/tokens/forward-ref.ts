import type { Token } from './token';

/**
 * A token looked up late, by calling `forwardRef` only when the container is created. It
 * serves two needs: a class whose file is part of a circular import (undefined when the
 * decorator runs), and a dependency cycle between providers, which the container breaks
 * with a lazy proxy (see docs/di.md, "Cycles and forwardRef").
 */
export class ForwardRef<T = unknown> {
  /** @param forwardRef Returns the real token; called at container creation, never at decoration. */
  constructor(readonly forwardRef: () => Token<T>) {}
}

/** Wraps a token that may not exist yet: `@Inject(forwardRef(() => OtherService))`. */
export function forwardRef<T>(fn: () => Token<T>): ForwardRef<T> {
  return new ForwardRef(fn);
}

/** True for a value made by `forwardRef`. */
export function isForwardRef(value: unknown): value is ForwardRef {
  return value instanceof ForwardRef;
}
