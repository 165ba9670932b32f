import { ArmatureError } from '@armature/di';
import type { AuthInfo } from '../context/request-context';
import { LocalErrorCode } from '../errors/local-error-codes';
import { InsufficientScopeError } from './insufficient-scope.error';

/** RFC 6749 §3.3 scope-token: printable ASCII except space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** Checks and de-duplicates a scope list; throws `ARM_ERR_INVALID_SCOPES` naming `where`. */
export function checkScopeList(value: unknown, where: string): readonly string[] {
  if (!Array.isArray(value))
    throw new ArmatureError(LocalErrorCode.INVALID_SCOPES, `${where}: scopes must be an array of strings, got ${typeof value}.`);
  for (const scope of value) {
    if (typeof scope !== 'string' || !SCOPE_TOKEN.test(scope)) {
      throw new ArmatureError(
        LocalErrorCode.INVALID_SCOPES,
        `${where}: ${JSON.stringify(scope)} is not an OAuth scope (RFC 6749 §3.3: one or more printable ASCII characters, no spaces, quotes or backslashes).`,
      );
    }
  }
  return Object.freeze([...new Set(value as string[])]);
}

/** The principal's scopes, tolerating a verifier that returned something other than a string array. */
export function grantedScopes(auth: AuthInfo | undefined): readonly string[] {
  const scopes: unknown = auth?.scopes;
  return Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [];
}

/** Whether `auth` holds every scope in `required` (unauthenticated: only when `allowUnauthenticated`). */
export function hasScopes(required: readonly string[], auth: AuthInfo | undefined, allowUnauthenticated: boolean): boolean {
  if (auth === undefined) return allowUnauthenticated;
  const granted = grantedScopes(auth);
  return required.every((scope) => granted.includes(scope));
}

/** Throws `InsufficientScopeError` unless `auth` holds every required scope. */
export function assertScopes(required: readonly string[], auth: AuthInfo | undefined, allowUnauthenticated: boolean, what: string): void {
  if (!hasScopes(required, auth, allowUnauthenticated)) throw new InsufficientScopeError(required, grantedScopes(auth), what);
}
