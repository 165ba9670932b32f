import { ArmatureError } from '@armature/di';

/**
 * Every local error code `@armature/auth` throws, with its meaning. Errors are `AuthError`s
 * (an `ArmatureError` from `@armature/di`) whose message starts with the code. A verifier that
 * throws makes the transport answer 401 `invalid_token` and hands the error to its `onError`;
 * no message ever contains the token.
 */
export const AUTH_ERROR_CODES = Object.freeze({
  ARM_ERR_AUTH_CONFIG: 'a verifier option is missing or invalid (thrown when the verifier is created)',
  ARM_ERR_AUTH_FETCH_FAILED: 'a JWKS, introspection or discovery request failed: network error or a status other than 200',
  ARM_ERR_AUTH_FETCH_TIMEOUT: 'a JWKS, introspection or discovery request did not complete within its timeout',
  ARM_ERR_AUTH_RESPONSE_TOO_LARGE: 'a JWKS, introspection or discovery response was larger than its limit',
  ARM_ERR_AUTH_BAD_DOCUMENT: 'a JWKS, introspection or discovery response was not the JSON document the specification describes (or named another issuer)',
  ARM_ERR_TOKEN_REJECTED: 'the token failed verification: signature, algorithm, issuer, audience, expiry, not-before, or an inactive introspection answer',
  ARM_ERR_TOKEN_UNKNOWN_KEY: 'the JWT names a key (kid) the JWKS does not hold, even after one refetch',
} as const);

/** A local error code of `@armature/auth`. */
export type AuthErrorCode = keyof typeof AUTH_ERROR_CODES;

/** What the verifiers of `@armature/auth` throw; `code` says which case it is. */
export class AuthError extends ArmatureError {
  declare readonly code: AuthErrorCode;

  constructor(code: AuthErrorCode, message: string) {
    super(code, `${code}: ${message}`);
    this.name = 'AuthError';
  }
}
