import { AuthError } from '../errors/auth-error-codes';

/** How the key set is fetched and kept. */
export interface JwksOptions {
  /** Deadline of one JWKS request (connect, headers, body). Default 5 000 ms. */
  readonly timeoutMs?: number;
  /** Largest accepted JWKS document. Default 256 KiB. */
  readonly maxBytes?: number;
  /**
   * After a failed JWKS request (error, timeout, bad or empty document), and after a refetch
   * caused by an unknown `kid`, no request on demand for this long: tokens meanwhile get the
   * recorded failure or the keys held, so a flood of tokens naming made-up keys, or an outage,
   * costs the identity provider one request per cooldown. Default 30 000 ms.
   */
  readonly cooldownMs?: number;
  /** Keys older than this are fetched again before use (rotation without an unknown `kid`). Default 10 minutes. */
  readonly maxAgeMs?: number;
  /**
   * While the JWKS fails, the last good keys stay in use this long past `maxAgeMs`
   * (stale-while-error), so an outage of the identity provider does not refuse every token; past
   * it, tokens are refused until a fetch succeeds. Bounded because a key the provider withdrew
   * during the outage is honoured until then. Default 1 hour (about one access-token lifetime);
   * 0 refuses as soon as the keys are due and the refresh fails.
   */
  readonly maxStaleMs?: number;
}

/** The defaults of `JwksOptions`. */
export const JWKS_DEFAULTS = Object.freeze({
  timeoutMs: 5_000,
  maxBytes: 256 * 1024,
  cooldownMs: 30_000,
  maxAgeMs: 10 * 60_000,
  maxStaleMs: 60 * 60_000,
});

/** The options with defaults applied; a bad value throws `ARM_ERR_AUTH_CONFIG`. */
export function resolveJwksOptions(options: JwksOptions = {}): Required<JwksOptions> {
  const resolved = { ...JWKS_DEFAULTS, ...options };
  for (const [name, value] of Object.entries(resolved)) {
    const positive = name === 'timeoutMs' || name === 'maxBytes';
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (positive && value === 0))
      throw new AuthError(
        'ARM_ERR_AUTH_CONFIG',
        `jwtVerifier: jwks.${name} must be a ${positive ? 'positive' : 'non-negative'} number, got ${String(value)}`,
      );
  }
  return resolved;
}
