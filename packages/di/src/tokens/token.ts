import { InjectionToken } from './injection-token';
import type { AbstractType } from './type';

/** What identifies a provider: a class (abstract allowed), an `InjectionToken`, a string or a symbol. */
export type Token<T = unknown> = AbstractType<T> | InjectionToken<T> | string | symbol;

/** True when `value` can serve as a token. */
export function isToken(value: unknown): value is Token {
  return typeof value === 'function' || typeof value === 'string' || typeof value === 'symbol' || value instanceof InjectionToken;
}

/** A token as messages print it: `NoteStore`, `InjectionToken(DB_URL)`, `'db.url'`, `Symbol(db)`. */
export function tokenName(token: unknown): string {
  if (typeof token === 'function') return token.name || '<anonymous class>';
  if (typeof token === 'string') return `'${token}'`;
  if (typeof token === 'symbol') return token.toString();
  if (token instanceof InjectionToken) return token.toString();
  return String(token);
}

/** How to write the token in source, for the fixes that messages suggest (`DB_URL` for an InjectionToken). */
export function tokenSource(token: unknown): string {
  if (token instanceof InjectionToken) return token.description;
  return tokenName(token);
}
