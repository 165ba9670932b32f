import type { AuthInfo } from '@armature/core';
import { tokenExpired, type VerifyToken } from '@armature/core/internal';
import { principalOf, type TokenClaims } from '../claims';
import { AuthError } from '../errors/auth-error-codes';
import { fetchJson } from '../fetch/bounded-fetch';
import { checkEndpointUrl } from '../fetch/endpoint-url';
import { resolveIntrospection, type IntrospectionVerifierOptions, type ResolvedIntrospection } from './introspection-options';
import { TokenCache, tokenDigest, type CachedPrincipal } from './token-cache';

/**
 * A `verifyToken` that asks the authorization server about each token (OAuth 2.0 Token
 * Introspection, RFC 7662): active answers become `ctx.authInfo` and are cached (bounded, TTL
 * never past `exp`); inactive, expired, not-yet-valid, foreign-issuer or foreign-audience
 * answers, and a failing endpoint, throw an `AuthError` (401 `invalid_token`). Inactive answers
 * are cached briefly too (bounded, apart), so a replayed refused token is not asked again at
 * once. The same token asked twice at once costs one request. The token goes only into the
 * request body.
 */
export function introspectionVerifier(options: IntrospectionVerifierOptions): VerifyToken {
  const endpoint = checkEndpointUrl(options.endpoint, 'introspectionVerifier: endpoint', options.allowInsecureHttp);
  const resolved = resolveIntrospection(options);
  const cache = new TokenCache(resolved.maxEntries);
  const inactive = new TokenCache<true>(resolved.inactiveMaxEntries);
  const pending = new Map<string, Promise<CachedPrincipal>>();
  return async (token) => {
    const digest = tokenDigest(token);
    const cached = cache.get(digest, Date.now());
    if (cached !== undefined) return withToken(cached, token);
    if (inactive.get(digest, Date.now()) === true) throw notActive();
    let asking = pending.get(digest);
    if (asking === undefined) {
      asking = introspect(endpoint, token, resolved, options).then((principal) => {
        if (principal === undefined) {
          if (resolved.inactiveTtlMs > 0) inactive.set(digest, true, Date.now() + resolved.inactiveTtlMs);
          throw notActive();
        }
        const until = Math.min(Date.now() + resolved.ttlMs, principal.expiresAt === undefined ? Infinity : principal.expiresAt * 1000);
        if (until > Date.now()) cache.set(digest, principal, until);
        return principal;
      });
      pending.set(digest, asking);
      const forget = (): void => void pending.delete(digest);
      asking.then(forget, forget);
    }
    return withToken(await asking, token);
  };
}

function withToken(principal: CachedPrincipal, token: string): AuthInfo {
  return { ...principal, token } as AuthInfo;
}

async function introspect(
  endpoint: URL,
  token: string,
  resolved: ResolvedIntrospection,
  options: IntrospectionVerifierOptions,
): Promise<CachedPrincipal | undefined> {
  const body = new URLSearchParams({ token, token_type_hint: 'access_token' }).toString();
  const answer = await fetchJson(endpoint, {
    what: 'token introspection',
    method: 'POST',
    headers: resolved.headers,
    body,
    timeoutMs: resolved.timeoutMs,
    maxBytes: resolved.maxResponseBytes,
  });
  if (answer.status !== 200)
    throw new AuthError(
      'ARM_ERR_AUTH_FETCH_FAILED',
      `token introspection at ${endpoint.origin}${endpoint.pathname} answered ${answer.status}`,
    );
  const claims = answer.body as TokenClaims | undefined;
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims) || typeof claims.active !== 'boolean') {
    throw new AuthError(
      'ARM_ERR_AUTH_BAD_DOCUMENT',
      `token introspection at ${endpoint.origin}${endpoint.pathname} did not answer an object with a boolean "active"`,
    );
  }
  if (claims.active !== true) return undefined; // inactive: the caller refuses and remembers it
  checkClaims(claims, resolved);
  const { token: _omitted, ...principal } = principalOf(token, claims, options.claims);
  return principal;
}

function notActive(): AuthError {
  return new AuthError('ARM_ERR_TOKEN_REJECTED', 'token introspection: the token is not active');
}

function checkClaims(claims: TokenClaims, resolved: ResolvedIntrospection): void {
  const reject = (why: string): never => {
    throw new AuthError('ARM_ERR_TOKEN_REJECTED', `token introspection: ${why}`);
  };
  const now = Date.now() / 1000;
  if (typeof claims.exp === 'number' && tokenExpired(claims.exp, Date.now(), resolved.skewSec)) reject('the token has expired');
  if (typeof claims.nbf === 'number' && claims.nbf - resolved.skewSec > now) reject('the token is not valid yet ("nbf")');
  if (resolved.issuers !== undefined && !resolved.issuers.includes(claims.iss as string)) reject('the token was issued by another issuer');
  if (resolved.audiences !== undefined) {
    const aud = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
    if (!aud.some((value) => resolved.audiences!.includes(value as string))) reject('the token was not issued for this audience');
  }
}
