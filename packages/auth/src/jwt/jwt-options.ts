import { TOKEN_CLOCK_SKEW_SEC } from '@armature/core/internal';
import type { ClaimMapping } from '../claims';
import { AuthError } from '../errors/auth-error-codes';
import type { JwksOptions } from './jwks-options';

/** Options of `jwtVerifier`. */
export interface JwtVerifierOptions {
  /** The `iss` tokens must carry: the authorization server's issuer identifier, exactly (one, or several accepted). */
  readonly issuer: string | readonly string[];
  /**
   * The `aud` tokens must name (at least one of these): usually this server's canonical URI
   * (`https://mcp.example.com/mcp`, RFC 8707), or the API identifier your provider puts there.
   */
  readonly audience: string | readonly string[];
  /** Where the authorization server publishes its signing keys (`jwks_uri`). */
  readonly jwksUri: string;
  /**
   * Accepted `alg` values. Default: the asymmetric ones (RS256/384/512, PS256/384/512,
   * ES256/384/512, EdDSA). `none` and the HMAC algorithms (HS*) are refused: a JWKS holds
   * public keys, and accepting HS* with them is the classic key-confusion attack.
   */
  readonly algorithms?: readonly string[];
  /**
   * Allowed clock difference for `exp`, `nbf` and `iat`, in seconds. Default 30
   * (`TOKEN_CLOCK_SKEW_SEC`, the transport's own); at most that, since the transport refuses a
   * token past `exp` by more. Lower it to be stricter on both sides.
   */
  readonly clockToleranceSec?: number;
  /** Refuse tokens issued (`iat`) longer ago than this, in seconds. Default: no limit beyond `exp`. */
  readonly maxTokenAgeSec?: number;
  /** Claims a token must have. Default `['exp']`: a token without expiry is refused. */
  readonly requiredClaims?: readonly string[];
  /**
   * Accepted JOSE header `typ` values (compared case-insensitively, `application/` optional).
   * Set `'at+jwt'` when the provider issues RFC 9068 access tokens: a token must then carry it.
   * Default: `at+jwt`, `JWT` or none — many providers type access tokens `JWT` — and any other
   * type (a logout token, a DPoP proof…) is refused.
   */
  readonly typ?: string | readonly string[];
  /**
   * Refuse tokens shaped like OpenID Connect ID tokens (a `nonce`, `at_hash` or `c_hash` claim;
   * Keycloak's `typ: "ID"`; Cognito's `token_use: "id"`; an `aud` naming nobody but the token's
   * own `client_id`/`azp`/`appid`) unless typed `at+jwt`. Default `true`; `false` only for a
   * provider whose access tokens look like that.
   */
  readonly refuseIdTokens?: boolean;
  /** How claims become `ctx.authInfo` (client id, scopes, extra). */
  readonly claims?: ClaimMapping;
  /** How the JWKS is fetched and cached (timeouts, size, cooldown, age). */
  readonly jwks?: JwksOptions;
  /** Accept `http:` endpoints on non-loopback hosts (never in production). Default `false`. */
  readonly allowInsecureHttp?: boolean;
}

/** The algorithms accepted by default: asymmetric signatures only. */
export const DEFAULT_JWT_ALGORITHMS: readonly string[] = Object.freeze([
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
]);

/** The default clock skew, in seconds: the transport's own (`TOKEN_CLOCK_SKEW_SEC` of core). */
export const DEFAULT_CLOCK_TOLERANCE_SEC = TOKEN_CLOCK_SKEW_SEC;

/** Longest token accepted before any parsing (a JWT access token is a few KiB at most). */
export const MAX_JWT_LENGTH = 16 * 1024;

/** Checks the options when the verifier is created; a bad value throws `ARM_ERR_AUTH_CONFIG`. */
export function checkJwtOptions(options: JwtVerifierOptions): {
  algorithms: string[];
  clockTolerance: number;
  issuers: string[];
  audiences: string[];
} {
  const issuers = listOf(options.issuer, 'issuer');
  const audiences = listOf(options.audience, 'audience');
  const algorithms = [...(options.algorithms ?? DEFAULT_JWT_ALGORITHMS)];
  if (algorithms.length === 0) throw config('algorithms must name at least one algorithm');
  for (const alg of algorithms) {
    if (alg.toLowerCase() === 'none') throw config('algorithms must not include "none": unsigned tokens prove nothing');
    if (/^HS/i.test(alg))
      throw config(`algorithms must not include ${alg}: a JWKS holds public keys, and HMAC with a public key is forgeable (key confusion)`);
  }
  const clockTolerance = options.clockToleranceSec ?? DEFAULT_CLOCK_TOLERANCE_SEC;
  if (!Number.isFinite(clockTolerance) || clockTolerance < 0 || clockTolerance > TOKEN_CLOCK_SKEW_SEC)
    throw config(
      `clockToleranceSec must be between 0 and ${TOKEN_CLOCK_SKEW_SEC} (the transport's own skew on exp), got ${clockTolerance}`,
    );
  if (options.maxTokenAgeSec !== undefined && !(options.maxTokenAgeSec > 0)) throw config('maxTokenAgeSec must be positive');
  return { algorithms, clockTolerance, issuers, audiences };
}

function listOf(value: string | readonly string[] | undefined, name: string): string[] {
  const list = typeof value === 'string' ? [value] : [...(value ?? [])];
  if (list.length === 0 || list.some((item) => typeof item !== 'string' || item === ''))
    throw config(`${name} must be a non-empty string or list of strings`);
  return list;
}

function config(message: string): AuthError {
  return new AuthError('ARM_ERR_AUTH_CONFIG', `jwtVerifier: ${message}`);
}
