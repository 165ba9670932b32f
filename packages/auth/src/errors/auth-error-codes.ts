import { ArmatureError, defineErrors, meaningsByCode } from '@armature/di';

/**
 * Every local error code `@armature/auth` throws, with meaning and fix. Errors are `AuthError`s
 * (an `ArmatureError` from `@armature/di`) whose message starts with the code. A verifier that
 * throws makes the transport answer 401 `invalid_token` and hands the error to its `onError`;
 * no message ever contains the token.
 */
export const AUTH_ERRORS = defineErrors('@armature/auth', 'Token verifiers (local errors)', {
  AUTH_CONFIG: {
    code: 'ARM_ERR_AUTH_CONFIG',
    meaning: 'a verifier option is missing or invalid (thrown when the verifier is created)',
    fix: 'Correct the option the message names (https endpoints off loopback, asymmetric algorithms, skew up to 30 s).',
  },
  AUTH_FETCH_FAILED: {
    code: 'ARM_ERR_AUTH_FETCH_FAILED',
    meaning: 'a JWKS, introspection or discovery request failed: network error or a status other than 200',
    fix: 'Check the URL and that the authorization server is reachable from the server.',
  },
  AUTH_FETCH_TIMEOUT: {
    code: 'ARM_ERR_AUTH_FETCH_TIMEOUT',
    meaning: 'a JWKS, introspection or discovery request did not complete within its timeout',
    fix: "Check the authorization server's health, or raise the verifier's timeout.",
  },
  AUTH_RESPONSE_TOO_LARGE: {
    code: 'ARM_ERR_AUTH_RESPONSE_TOO_LARGE',
    meaning: 'a JWKS, introspection or discovery response was larger than its limit',
    fix: 'Point the verifier at the right document; the limits are far above real documents.',
  },
  AUTH_BAD_DOCUMENT: {
    code: 'ARM_ERR_AUTH_BAD_DOCUMENT',
    meaning:
      'a JWKS, introspection or discovery response was not the JSON document the specification describes (a JWKS without signing keys, or discovery naming another issuer)',
    fix: 'Check the issuer and endpoint URLs; the issuer must name itself exactly.',
  },
  TOKEN_REJECTED: {
    code: 'ARM_ERR_TOKEN_REJECTED',
    meaning:
      'the token failed verification: signature, algorithm, issuer, audience, expiry, not-before, type (typ, ID-token-shaped), or an inactive introspection answer',
    fix: 'The client must get a fresh token for this resource (audience) from the right issuer.',
  },
  TOKEN_UNKNOWN_KEY: {
    code: 'ARM_ERR_TOKEN_UNKNOWN_KEY',
    meaning: 'the JWT names a key (kid) the JWKS does not hold, even after one refetch',
    fix: "Check the verifier's JWKS URL belongs to the token's issuer; after a key rotation, wait for the refetch cooldown.",
  },
});

/** A local error code of `@armature/auth`. */
export type AuthErrorCode = (typeof AUTH_ERRORS.codes)[keyof typeof AUTH_ERRORS.codes];

/** Each code with its meaning (derived from `AUTH_ERRORS`). */
export const AUTH_ERROR_CODES = meaningsByCode(AUTH_ERRORS) as Readonly<Record<AuthErrorCode, string>>;

/** What the verifiers of `@armature/auth` throw; `code` says which case it is. */
export class AuthError extends ArmatureError {
  declare readonly code: AuthErrorCode;

  constructor(code: AuthErrorCode, message: string) {
    super(code, `${code}: ${message}`);
    this.name = 'AuthError';
  }
}
