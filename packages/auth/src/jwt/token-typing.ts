import type { TokenClaims } from '../claims';
import { AuthError } from '../errors/auth-error-codes';

/** The media type of a JWT access token (RFC 9068 §2.1), as its `typ` header is compared. */
export const ACCESS_TOKEN_TYP = 'at+jwt';

/** Header `typ` values accepted when `typ` is not configured: RFC 9068's, the generic one, or none. */
const DEFAULT_TYPS: ReadonlySet<string> = new Set([ACCESS_TOKEN_TYP, 'jwt']);

/** Claims only OpenID Connect ID tokens carry (OIDC Core §2, §3.3.2.11). */
const ID_TOKEN_CLAIMS = ['nonce', 'at_hash', 'c_hash'] as const;

/** Claims that name the client a token was issued to (RFC 9068, OIDC `azp`, Entra v1). */
const CLIENT_CLAIMS = ['client_id', 'azp', 'appid'] as const;

/** Which JWTs `jwtVerifier` takes for access tokens. */
export interface TokenTyping {
  /** Accepted `typ` values, normalized; `undefined`: the default (`at+jwt`, `JWT` or none). */
  readonly typs: ReadonlySet<string> | undefined;
  readonly refuseIdTokens: boolean;
}

/** A `typ` as RFC 7515 §4.1.9 compares it: case-insensitive, `application/` optional. */
export function normalizeTyp(typ: string): string {
  const lower = typ.toLowerCase();
  return lower.startsWith('application/') ? lower.slice('application/'.length) : lower;
}

/** The typing policy of the options (`typ` as one value or a list). */
export function tokenTyping(typ: string | readonly string[] | undefined, refuseIdTokens: boolean | undefined): TokenTyping {
  const list = typ === undefined ? undefined : typeof typ === 'string' ? [typ] : [...typ];
  if (list !== undefined && (list.length === 0 || list.some((value) => typeof value !== 'string' || value === '')))
    throw new AuthError('ARM_ERR_AUTH_CONFIG', 'jwtVerifier: typ must be a non-empty string or list of strings');
  return { typs: list === undefined ? undefined : new Set(list.map(normalizeTyp)), refuseIdTokens: refuseIdTokens !== false };
}

/**
 * Checks the protected header's `typ` before any key is looked up: with `typ` configured it must
 * be one of those; by default `at+jwt`, `JWT` or none, so an explicitly typed JWT of another
 * kind (a logout token, a DPoP proof, a security event) is never taken for an access token.
 */
export function checkHeaderTyp(header: { readonly typ?: unknown }, typing: TokenTyping): void {
  const typ = header.typ;
  if (typ === undefined && typing.typs === undefined) return;
  if (typeof typ === 'string' && (typing.typs ?? DEFAULT_TYPS).has(normalizeTyp(typ))) return;
  const named = typeof typ === 'string' ? `"${typ.replace(/[^\x21-\x7E]/g, '').slice(0, 40)}"` : 'none';
  throw new AuthError('ARM_ERR_TOKEN_REJECTED', `the token's type (typ ${named}) is not an accepted access-token type`);
}

/**
 * Refuses a verified token shaped like an OpenID Connect ID token, unless it is explicitly typed
 * `at+jwt` (RFC 8725 §3.11: explicit typing settles it) or `refuseIdTokens` is off. Shaped like
 * one: it carries `nonce`, `at_hash` or `c_hash`; says it is one (Keycloak's `typ: "ID"`,
 * Cognito's `token_use: "id"`); or its audience is nobody but the client it was issued to — an
 * ID token's `aud` is its client, an access token's is the resource.
 */
export function checkNotIdToken(header: { readonly typ?: unknown }, claims: TokenClaims, typing: TokenTyping): void {
  if (!typing.refuseIdTokens) return;
  if (typeof header.typ === 'string' && normalizeTyp(header.typ) === ACCESS_TOKEN_TYP) return;
  const why = idTokenSign(claims);
  if (why !== undefined)
    throw new AuthError('ARM_ERR_TOKEN_REJECTED', `the token is shaped like an OpenID Connect ID token (${why}), not an access token`);
}

function idTokenSign(claims: TokenClaims): string | undefined {
  for (const name of ID_TOKEN_CLAIMS) if (claims[name] !== undefined) return `it carries "${name}"`;
  if (typeof claims.typ === 'string' && claims.typ.toLowerCase() === 'id') return 'its "typ" claim is "ID"';
  if (claims.token_use === 'id') return 'its "token_use" claim is "id"';
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
  for (const name of CLIENT_CLAIMS) {
    const client = claims[name];
    if (typeof client === 'string' && audiences.length > 0 && audiences.every((aud) => aud === client))
      return `its audience is its own client ("${name}")`;
  }
  return undefined;
}
