/**
 * How long an instance lives. `singleton`: one per container (the default). `transient`: a
 * new one per injection. `session` / `request`: one per resolution context of that kind,
 * which the caller opens with `container.createContext` and closes with `ctx.dispose()`.
 */
export type Scope = 'singleton' | 'transient' | 'request' | 'session';

/** The scopes whose instances live in a resolution context. */
export type ContextScope = 'request' | 'session';

/** Every valid scope, for validating plain-data input. */
export const SCOPES: readonly Scope[] = ['singleton', 'transient', 'session', 'request'];

/** How short-lived a scope is: a provider may only depend on ranks at or below its own. */
export function scopeRank(scope: Scope): number {
  return scope === 'request' ? 2 : scope === 'session' ? 1 : 0;
}

/** A scope as messages phrase it: `a singleton`, `session-scoped`, `request-scoped`, `transient`. */
export function scopePhrase(scope: Scope): string {
  return scope === 'singleton' ? 'a singleton' : scope === 'transient' ? 'transient' : `${scope}-scoped`;
}
