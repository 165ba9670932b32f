import type { AuthInfo } from '@armature/core';

/** The claims of a verified JWT, or the members of an active introspection answer. */
export type TokenClaims = Readonly<Record<string, unknown>>;

/**
 * How claims become the principal (`AuthInfo`) that `@RequireScopes`, the `scopes` option,
 * guards and `ctx.authInfo` use. Each function is optional; the defaults follow RFC 9068 (JWT
 * access tokens) and RFC 7662, with the common identity-provider variants.
 */
export interface ClaimMapping {
  /** Default: `client_id`, else `azp`, else `appid` (Entra v1), else `sub`, else `unknown`. */
  readonly clientId?: (claims: TokenClaims) => string | undefined;
  /**
   * Default: `scope` (space-separated, RFC 8693 / RFC 9068) plus `scp` (a list or a
   * space-separated string: Entra, Okta). Map roles here too, e.g. Keycloak's
   * `realm_access.roles`.
   */
  readonly scopes?: (claims: TokenClaims) => readonly string[];
  /**
   * More members of `authInfo.extra`, merged over the defaults (`sub`, `iss`, `aud`, and
   * `email`/`name` when present). `extra.aud` is what the transport's audience check reads.
   */
  readonly extra?: (claims: TokenClaims) => Readonly<Record<string, unknown>>;
}

const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** The default scope reading: `scope` and `scp`, well-formed tokens only, without duplicates. */
export function defaultScopes(claims: TokenClaims): string[] {
  const found: string[] = [];
  for (const value of [claims.scope, claims.scp]) {
    if (typeof value === 'string') found.push(...value.split(' '));
    else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') found.push(item);
  }
  return [...new Set(found.filter((scope) => SCOPE_TOKEN.test(scope)))];
}

function defaultClientId(claims: TokenClaims): string | undefined {
  for (const name of ['client_id', 'azp', 'appid', 'sub']) {
    const value = claims[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function defaultExtra(claims: TokenClaims): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const name of ['sub', 'iss', 'aud', 'email', 'name']) if (claims[name] !== undefined) extra[name] = claims[name];
  return extra;
}

/** Builds the principal of a verified token. */
export function principalOf(token: string, claims: TokenClaims, mapping: ClaimMapping | undefined): AuthInfo {
  const clientId = mapping?.clientId?.(claims) ?? defaultClientId(claims) ?? 'unknown';
  const scopes = mapping?.scopes === undefined ? defaultScopes(claims) : [...mapping.scopes(claims)];
  const extra = mapping?.extra === undefined ? defaultExtra(claims) : { ...defaultExtra(claims), ...mapping.extra(claims) };
  const exp = claims.exp;
  return typeof exp === 'number' && Number.isFinite(exp)
    ? { token, clientId, scopes, expiresAt: exp, extra }
    : { token, clientId, scopes, extra };
}
