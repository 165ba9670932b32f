import { AuthError } from '../errors/auth-error-codes';

/** jose's error codes, in our words (jose's own messages and payloads are never passed on: they may quote claims). */
const REASONS: Readonly<Record<string, string>> = {
  ERR_JWT_EXPIRED: 'the token has expired ("exp" is past, beyond the allowed clock skew)',
  ERR_JOSE_ALG_NOT_ALLOWED: 'the token is signed with an algorithm that is not allowed',
  ERR_JOSE_NOT_SUPPORTED: 'the token uses an unsupported algorithm or key',
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'the signature does not verify',
  ERR_JWS_INVALID: 'the token is not a well-formed JWS',
  ERR_JWT_INVALID: 'the token is not a well-formed JWT',
  ERR_JWKS_MULTIPLE_MATCHING_KEYS: 'the token names no key and the key set has several that fit',
  ERR_JWKS_INVALID: 'the key set is invalid',
};

/** The `AuthError` for whatever `jwtVerify` threw: ours pass through, jose's are named by code. */
export function rejectionOf(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') {
    const claim = (error as { claim?: unknown }).claim;
    const reason = (error as { reason?: unknown }).reason;
    const name = typeof claim === 'string' ? claim.replace(/[^\w]/g, '').slice(0, 32) : 'a';
    return new AuthError(
      'ARM_ERR_TOKEN_REJECTED',
      `the "${name}" claim failed its check (${typeof reason === 'string' ? reason.replace(/[^\w ]/g, '').slice(0, 40) : 'invalid'})`,
    );
  }
  const reason = typeof code === 'string' ? REASONS[code] : undefined;
  return new AuthError(
    'ARM_ERR_TOKEN_REJECTED',
    reason ?? `verification failed (${typeof code === 'string' ? code.slice(0, 60) : 'unexpected error'})`,
  );
}
